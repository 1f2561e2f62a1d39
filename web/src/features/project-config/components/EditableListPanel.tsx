import { useState, type ReactNode } from 'react';
import {
  App as AntdApp,
  Button,
  Empty,
  Flex,
  Space,
  Table,
  Typography,
  type TableColumnType,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PagedTable, type Paging } from '../../../components/PagedTable';

interface EditableListPanelProps<Item extends { id: number }> {
  testId: string;
  editable: boolean;
  hint: string;
  /** Narrower where something stands before the hint. */
  hintMinWidth?: number;
  /** Before the hint, for everyone (a search box). */
  leading?: ReactNode;
  /** Before the add button, for those who may edit (an import, a bulk delete). */
  tools?: ReactNode;
  addLabel: string;
  addTestId: string;
  /** Between the toolbar and the table. */
  notices?: ReactNode;
  /** The rows: a whole list, or a page of one the server pages. */
  rows: { items: Item[]; loading: boolean } | Paging<Item>;
  columns: TableColumnsType<Item>;
  actionsWidth: number;
  /** What a row that cannot be changed shows in place of its edit and delete buttons. */
  readOnlyLabel?: (item: Item) => string | undefined;
  /** Without it the table's own empty text stands. */
  emptyText?: string;
  rowSelection?: TableProps<Item>['rowSelection'];
  onDelete: (item: Item) => void;
  /** The create (item null) or edit dialog; it calls `close` when done. */
  renderEditor: (item: Item | null, close: () => void) => ReactNode;
}

/**
 * A list of a project's configuration (defect fields, defect types, custom data): a table whose rows are edited
 * and deleted from an actions column, an add button, and the dialog that creates or edits one row.
 */
export function EditableListPanel<Item extends { id: number }>({
  testId,
  editable,
  hint,
  hintMinWidth = 240,
  leading,
  tools,
  addLabel,
  addTestId,
  notices,
  rows,
  columns,
  actionsWidth,
  readOnlyLabel,
  emptyText,
  rowSelection,
  onDelete,
  renderEditor,
}: EditableListPanelProps<Item>) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Item | 'new' | null>(null);

  const actions: TableColumnType<Item> = {
    title: t('projectUi.common.actions'),
    key: 'actions',
    width: actionsWidth,
    render: (_: unknown, item: Item) => {
      const readOnly = readOnlyLabel?.(item);
      return readOnly !== undefined ? (
        <Typography.Text type="secondary">{readOnly}</Typography.Text>
      ) : (
        <Space>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing(item)}
            aria-label={t('ui.common.edit')}
          />
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onDelete(item)}
            aria-label={t('projectUi.common.delete')}
          />
        </Space>
      );
    },
  };

  const table = {
    rowKey: 'id',
    size: 'middle',
    rowSelection,
    columns: editable ? [...columns, actions] : columns,
  } satisfies TableProps<Item>;
  const empty =
    emptyText === undefined ? undefined : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;

  return (
    <Flex vertical gap={12} data-testid={testId}>
      <Flex gap={8} align="center" wrap>
        {leading}
        <Typography.Text type="secondary" style={{ flex: 1, minWidth: hintMinWidth }}>
          {hint}
        </Typography.Text>
        {editable && (
          <>
            {tools}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid={addTestId}>
              {addLabel}
            </Button>
          </>
        )}
      </Flex>
      {notices}
      {'page' in rows ? (
        <PagedTable<Item> {...table} {...rows} emptyText={empty} />
      ) : (
        <Table<Item>
          {...table}
          dataSource={rows.items}
          loading={rows.loading}
          pagination={false}
          locale={empty === undefined ? undefined : { emptyText: empty }}
        />
      )}
      {editing !== null && renderEditor(editing === 'new' ? null : editing, () => setEditing(null))}
    </Flex>
  );
}

/** Asks before a delete, with the same buttons and the same "deleted" message in every list. */
export function useConfirmDelete() {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  return ({ title, content, onOk }: { title: string; content?: string; onOk: () => Promise<unknown> }) =>
    modal.confirm({
      title,
      content,
      okText: t('projectUi.common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        await onOk();
        void message.success(t('projectUi.common.deleted'));
      },
    });
}
