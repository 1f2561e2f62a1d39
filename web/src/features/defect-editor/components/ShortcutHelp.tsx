import { Button, Popover, Table, Typography } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS } from '../shortcuts';

/** The editor's keys, from the same table the key handler reads. */
export function ShortcutHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      title={t('defectEditor.shortcuts.title')}
      content={
        <Table
          size="small"
          pagination={false}
          showHeader={false}
          rowKey="action"
          dataSource={[...SHORTCUTS]}
          data-testid="defect-shortcuts"
          columns={[
            { key: 'keys', render: (_, row) => <Typography.Text keyboard>{row.label}</Typography.Text> },
            { key: 'action', render: (_, row) => t(`defectEditor.shortcuts.${row.action}`) },
          ]}
        />
      }
    >
      <Button
        icon={<QuestionCircleOutlined />}
        aria-label={t('defectEditor.shortcuts.title')}
        data-testid="defect-shortcuts-open"
      />
    </Popover>
  );
}
