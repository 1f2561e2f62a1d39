import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { projectCustomItemSchema, type ProjectCustom } from '@sightline/shared';
import { zodRule } from '../../../lib/form-rules';
import { useDeleteProjectCustoms, useProjectCustoms, useSaveProjectCustom } from '../api';
import { EditableListPanel, useConfirmDelete } from './EditableListPanel';
import { ItemFormModal } from './ItemFormModal';

/** Custom project data: named values a team keeps with a project (names unique in the project). */
export function CustomDataPanel({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const confirm = useConfirmDelete();
  const customs = useProjectCustoms(projectId);
  const remove = useDeleteProjectCustoms(projectId);
  const [selected, setSelected] = useState<number[]>([]);

  const confirmDelete = (ids: number[]) =>
    confirm({
      title: t('projectUi.custom.deleteTitle', { count: ids.length }),
      onOk: async () => {
        await remove.mutateAsync(ids);
        setSelected((current) => current.filter((id) => !ids.includes(id)));
      },
    });

  return (
    <EditableListPanel<ProjectCustom>
      testId="custom-data"
      editable={editable}
      hint={t('projectUi.custom.hint')}
      tools={
        selected.length > 0 && (
          <Button danger icon={<DeleteOutlined />} onClick={() => confirmDelete(selected)}>
            {t('projectUi.custom.deleteSelected', { count: selected.length })}
          </Button>
        )
      }
      addLabel={t('projectUi.custom.add')}
      addTestId="custom-add"
      rows={{ items: customs.data ?? [], loading: customs.isLoading }}
      emptyText={t('projectUi.custom.empty')}
      rowSelection={
        editable
          ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map((key) => Number(key))) }
          : undefined
      }
      columns={[
        { title: t('projectUi.custom.name'), dataIndex: 'name', width: '35%' },
        { title: t('projectUi.custom.value'), dataIndex: 'value' },
      ]}
      actionsWidth={110}
      onDelete={(entry) => confirmDelete([entry.id])}
      renderEditor={(entry, close) => <CustomModal projectId={projectId} entry={entry} onClose={close} />}
    />
  );
}

type CustomFormValues = { name: string; value: string };

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
  const [form] = Form.useForm<CustomFormValues>();
  const save = useSaveProjectCustom(projectId);

  const handleSave = (values: CustomFormValues) => {
    const item = projectCustomItemSchema.parse(values);
    return save.mutateAsync(entry ? { id: entry.id, ...item } : item);
  };

  return (
    <ItemFormModal<CustomFormValues>
      title={entry ? t('projectUi.custom.editTitle') : t('projectUi.custom.addTitle')}
      form={form}
      initialValues={{ name: entry?.name ?? '', value: entry?.value ?? '' }}
      saving={save.isPending}
      nameTakenKey="PROJECT_CUSTOM_NAME_ERROR"
      onSave={handleSave}
      onClose={onClose}
    >
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
    </ItemFormModal>
  );
}
