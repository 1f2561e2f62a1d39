import { useState } from 'react';
import { App as AntdApp, Button, Empty, Flex, Form, Input, Modal, Space, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { projectCustomItemSchema, type ProjectCustom } from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { translate } from '../../../i18n';
import { applyServerIssues, zodRule } from '../../../lib/form-rules';
import { useDeleteProjectCustoms, useProjectCustoms, useSaveProjectCustom } from '../api';

/** Custom project data: named values a team keeps with a project (names unique in the project). */
export function CustomDataPanel({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const customs = useProjectCustoms(projectId);
  const remove = useDeleteProjectCustoms(projectId);
  const [editing, setEditing] = useState<ProjectCustom | 'new' | null>(null);
  const [selected, setSelected] = useState<number[]>([]);

  const confirmDelete = (ids: number[]) =>
    modal.confirm({
      title: t('projectUi.custom.deleteTitle', { count: ids.length }),
      okText: t('projectUi.common.delete'),
      okButtonProps: { danger: true },
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        await remove.mutateAsync(ids);
        setSelected((current) => current.filter((id) => !ids.includes(id)));
        void message.success(t('projectUi.common.deleted'));
      },
    });

  return (
    <Flex vertical gap={12} data-testid="custom-data">
      <Flex gap={8} align="center" wrap>
        <Typography.Text type="secondary" style={{ flex: 1, minWidth: 240 }}>
          {t('projectUi.custom.hint')}
        </Typography.Text>
        {editable && selected.length > 0 && (
          <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(selected)}>
            {t('projectUi.custom.deleteSelected', { count: selected.length })}
          </Button>
        )}
        {editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="custom-add">
            {t('projectUi.custom.add')}
          </Button>
        )}
      </Flex>
      <Table<ProjectCustom>
        rowKey="id"
        size="middle"
        loading={customs.isLoading}
        dataSource={customs.data ?? []}
        pagination={false}
        rowSelection={
          editable
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map((key) => Number(key))) }
            : undefined
        }
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projectUi.custom.empty')} /> }}
        columns={[
          { title: t('projectUi.custom.name'), dataIndex: 'name', width: '35%' },
          { title: t('projectUi.custom.value'), dataIndex: 'value' },
          ...(editable
            ? [
                {
                  title: t('projectUi.common.actions'),
                  key: 'actions',
                  width: 110,
                  render: (_: unknown, entry: ProjectCustom) => (
                    <Space>
                      <Button
                        type="text"
                        size="small"
                        icon={<EditOutlined />}
                        onClick={() => setEditing(entry)}
                        aria-label={t('ui.common.edit')}
                      />
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        onClick={() => confirmDelete([entry.id])}
                        aria-label={t('projectUi.common.delete')}
                      />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing !== null && (
        <CustomModal
          projectId={projectId}
          entry={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}

function CustomModal({
  projectId,
  entry,
  onClose,
}: {
  projectId: number;
  entry: ProjectCustom | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<{ name: string; value: string }>();
  const save = useSaveProjectCustom(projectId);

  const handleOk = async () => {
    let values: { name: string; value: string };
    try {
      values = projectCustomItemSchema.parse(await form.validateFields());
    } catch {
      return;
    }
    try {
      await save.mutateAsync(entry ? { id: entry.id, ...values } : values);
      void message.success(t('projectUi.common.saved'));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.key === 'PROJECT_CUSTOM_NAME_ERROR') {
        form.setFields([{ name: 'name', errors: [translate('errors.PROJECT_CUSTOM_NAME_ERROR', error.params)] }]);
      } else applyServerIssues(form, error);
    }
  };

  return (
    <Modal
      open
      title={entry ? t('projectUi.custom.editTitle') : t('projectUi.custom.addTitle')}
      okText={t('ui.common.save')}
      cancelText={t('ui.common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void handleOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: entry?.name ?? '', value: entry?.value ?? '' }}>
        <Form.Item
          name="name"
          label={t('projectUi.custom.name')}
          rules={[zodRule(projectCustomItemSchema, 'name')]}
          required
        >
          <Input maxLength={50} data-testid="custom-name" />
        </Form.Item>
        <Form.Item name="value" label={t('projectUi.custom.value')} rules={[zodRule(projectCustomItemSchema, 'value')]}>
          <Input.TextArea rows={3} maxLength={500} showCount data-testid="custom-value" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
