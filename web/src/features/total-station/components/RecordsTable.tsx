import { useState } from 'react';
import {
  App as AntdApp,
  Button,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import {
  displacementRecordFieldsSchema,
  type DisplacementRecord,
  type DisplacementRecordFields,
} from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { submitForm } from '../../../lib/submit-form';
import { zodRule } from '../../../lib/form-rules';
import { useRemoveRecord, useSaveRecord } from '../api';

/** The row being edited: a stored record's id, or `new` for the row being added. */
type Editing = number | 'new' | null;
type Row = DisplacementRecord | (Omit<Partial<DisplacementRecord>, 'id'> & { id: 'new' });

type Field = 'monitorTime' | 'temperature' | 'x' | 'y';

/**
 * A point's surveys with inline entry: one row edited at a time (SPEC section 5: finish the current edit before
 * adding another); the server answers the whole series, recomputed.
 */
export function RecordsTable({
  projectId,
  pointId,
  records,
  canEdit,
  toolbar,
}: {
  projectId: number;
  pointId: number;
  records: DisplacementRecord[];
  canEdit: boolean;
  toolbar: React.ReactNode;
}) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<DisplacementRecordFields>();
  const [editing, setEditing] = useState<Editing>(null);
  const save = useSaveRecord(projectId, pointId);
  const remove = useRemoveRecord(projectId);

  const startEdit = (target: Editing, values: Partial<DisplacementRecordFields>) => {
    if (editing !== null) {
      void message.warning(t('monitorUi.records.finishEditFirst'));
      return;
    }
    form.resetFields();
    form.setFieldsValue(values);
    setEditing(target);
  };

  const handleSave = async () => {
    const saved = await submitForm(form, (values) =>
      save.mutateAsync({ ...values, ...(editing === 'new' || editing === null ? {} : { id: editing }) }),
    );
    if (!saved) return;
    void message.success(t('monitorUi.records.saved'));
    setEditing(null);
  };

  const cell = (field: Field, row: Row, shown: React.ReactNode) =>
    row.id === editing ? (
      <Form.Item name={field} style={{ margin: 0 }} rules={[zodRule(displacementRecordFieldsSchema, field)]}>
        {field === 'monitorTime' ? (
          <Input placeholder="YYYY-MM-DD HH:mm" data-testid="record-monitorTime" />
        ) : (
          <InputNumber
            style={{ width: '100%' }}
            step={field === 'temperature' ? 0.1 : 0.0001}
            data-testid={`record-${field}`}
          />
        )}
      </Form.Item>
    ) : (
      shown
    );

  const columns: TableColumnsType<Row> = [
    {
      title: t('monitorUi.records.time'),
      key: 'monitorTime',
      render: (_, row) => cell('monitorTime', row, row.monitorTime),
    },
    {
      title: t('monitorUi.records.temperature'),
      key: 'temperature',
      render: (_, row) => cell('temperature', row, row.temperature),
    },
    { title: t('monitorUi.records.x'), key: 'x', render: (_, row) => cell('x', row, row.x) },
    { title: t('monitorUi.records.y'), key: 'y', render: (_, row) => cell('y', row, row.y) },
    { title: t('monitorUi.records.current'), dataIndex: 'currentMm', key: 'currentMm' },
    { title: t('monitorUi.records.cumulative'), dataIndex: 'cumulativeMm', key: 'cumulativeMm' },
    {
      title: t('monitorUi.records.alarm'),
      key: 'alarm',
      render: (_, row) => (row.alarm ? <Tag color="error">{t('monitorUi.points.alarm')}</Tag> : null),
    },
  ];
  if (canEdit) {
    columns.push({
      title: t('monitorUi.points.actions'),
      key: 'actions',
      width: 180,
      render: (_, row) =>
        row.id === editing ? (
          <Flex gap={8}>
            <Button
              type="link"
              size="small"
              loading={save.isPending}
              onClick={() => void handleSave()}
              data-testid="record-save"
            >
              {t('monitorUi.records.save')}
            </Button>
            <Button type="link" size="small" onClick={() => setEditing(null)}>
              {t('monitorUi.records.cancel')}
            </Button>
          </Flex>
        ) : row.id === 'new' ? null : (
          <Flex gap={8}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => startEdit(row.id as number, row)}
              data-testid="record-edit"
            >
              {t('monitorUi.records.edit')}
            </Button>
            <Popconfirm
              title={t('monitorUi.records.deleteTitle', { time: row.monitorTime })}
              description={t('monitorUi.records.deleteContent')}
              onConfirm={() => remove.mutateAsync(row.id as number)}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="record-delete">
                {t('monitorUi.records.delete')}
              </Button>
            </Popconfirm>
          </Flex>
        ),
    });
  }

  const rows: Row[] = editing === 'new' ? [...records, { id: 'new' }] : records;
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        {canEdit && (
          <Button icon={<PlusOutlined />} onClick={() => startEdit('new', {})} data-testid="record-add">
            {t('monitorUi.records.add')}
          </Button>
        )}
        {toolbar}
      </Flex>
      <Form form={form} component={false}>
        <Table<Row>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={rows}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          onRow={(row) =>
            ({ 'data-testid': `record-row-${row.monitorTime ?? 'new'}` }) as React.HTMLAttributes<HTMLElement>
          }
          locale={{ emptyText: t('monitorUi.records.empty') }}
          data-testid="records-table"
        />
      </Form>
    </Flex>
  );
}
