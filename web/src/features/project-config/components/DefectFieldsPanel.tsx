import { useState } from 'react';
import { Alert, App as AntdApp, Button, Flex, Form, Input, Select, Switch, Tag, Typography, Upload } from 'antd';
import { ImportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFECT_FIELD_WIDGETS, createDefectFieldBodySchema, type DefectField } from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { zodRule } from '../../../lib/form-rules';
import { useDeleteDefectField, useImportDefectFields, useSaveDefectField, type DefectFieldInput } from '../api';
import { useDefectFields } from '../../../api/project-parts';
import { importIssueLines } from '../import-issues';
import { EditableListPanel, useConfirmDelete } from './EditableListPanel';
import { ItemFormModal } from './ItemFormModal';

/**
 * Defect fields (SPEC section 3): extra inputs of a defect, a text input or a single or multi-select dropdown
 * whose options must not repeat, each shown or not while marking; added one by one or imported from a file.
 */
export function DefectFieldsPanel({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const confirmDelete = useConfirmDelete();
  const fields = useDefectFields(projectId);
  const save = useSaveDefectField(projectId);
  const remove = useDeleteDefectField(projectId);
  const importer = useImportDefectFields(projectId);
  const [importProblems, setImportProblems] = useState<string[] | null>(null);

  const handleImport = async (file: File) => {
    setImportProblems(null);
    try {
      const { imported } = await importer.mutateAsync(file);
      void message.success(t('projectUi.fields.imported', { count: imported }));
    } catch (error) {
      if (isApiError(error) && error.key === 'VALIDATION_ERROR') {
        setImportProblems(importIssueLines(error.issues));
      }
    }
  };

  const toggleVisible = (field: DefectField, visibleWhenMarking: boolean) =>
    save.mutate({
      id: field.id,
      name: field.name,
      widget: field.widget,
      options: field.options,
      visibleWhenMarking,
    });

  return (
    <EditableListPanel<DefectField>
      testId="defect-fields"
      editable={editable}
      hint={t('projectUi.fields.hint')}
      tools={
        <Upload
          accept=".json,.csv,application/json,text/csv"
          showUploadList={false}
          beforeUpload={(file) => {
            void handleImport(file);
            return false;
          }}
        >
          <Button icon={<ImportOutlined />} loading={importer.isPending} data-testid="defect-field-import">
            {t('projectUi.fields.import')}
          </Button>
        </Upload>
      }
      addLabel={t('projectUi.fields.add')}
      addTestId="defect-field-add"
      notices={
        <>
          {editable && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('projectUi.fields.importHint')}
            </Typography.Text>
          )}
          {importProblems && (
            <Alert
              type="error"
              showIcon
              closable={{ onClose: () => setImportProblems(null) }}
              title={t('projectUi.fields.importFailed')}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                  {importProblems.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              }
              data-testid="defect-field-import-error"
            />
          )}
        </>
      }
      rows={{ items: fields.data ?? [], loading: fields.isLoading }}
      emptyText={t('projectUi.fields.empty')}
      columns={[
        { title: t('projectUi.fields.name'), dataIndex: 'name' },
        {
          title: t('projectUi.fields.widget'),
          dataIndex: 'widget',
          width: 210,
          render: (widget: DefectField['widget']) => t(`projectUi.fieldWidgets.${widget}`),
        },
        {
          title: t('projectUi.fields.options'),
          dataIndex: 'options',
          render: (options: string[]) =>
            options.length === 0 ? (
              <Typography.Text type="secondary">—</Typography.Text>
            ) : (
              <Flex gap={4} wrap>
                {options.map((option) => (
                  <Tag key={option}>{option}</Tag>
                ))}
              </Flex>
            ),
        },
        {
          title: t('projectUi.fields.visible'),
          dataIndex: 'visibleWhenMarking',
          width: 150,
          render: (visible: boolean, field) => (
            <Switch
              size="small"
              checked={visible}
              disabled={!editable}
              loading={save.isPending && save.variables?.id === field.id}
              onChange={(checked) => toggleVisible(field, checked)}
              aria-label={t('projectUi.fields.visible')}
            />
          ),
        },
      ]}
      actionsWidth={120}
      onDelete={(field) =>
        confirmDelete({
          title: t('projectUi.fields.deleteTitle', { name: field.name }),
          content: t('projectUi.fields.deleteContent'),
          onOk: () => remove.mutateAsync(field.id),
        })
      }
      renderEditor={(field, close) => (
        <DefectFieldModal
          projectId={projectId}
          field={field}
          onClose={close}
          onSave={(input) => save.mutateAsync(input)}
          saving={save.isPending}
        />
      )}
    />
  );
}

interface FieldFormValues {
  name: string;
  widget: DefectField['widget'];
  options: string[];
  visibleWhenMarking: boolean;
}

function DefectFieldModal({
  projectId,
  field,
  onClose,
  onSave,
  saving,
}: {
  projectId: number;
  field: DefectField | null;
  onClose: () => void;
  onSave: (input: DefectFieldInput & { id?: number }) => Promise<unknown>;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FieldFormValues>();
  const widget = Form.useWatch('widget', form);
  const toInput = (values: Record<string, unknown>) => ({
    projectId,
    ...values,
    options: values.widget === 'input' ? [] : values.options,
  });
  const rule = (name: string) => zodRule(createDefectFieldBodySchema, name, { toInput });

  const handleSave = (values: FieldFormValues) => {
    const input: DefectFieldInput = {
      name: values.name.trim(),
      widget: values.widget,
      options: values.widget === 'input' ? [] : values.options.map((option) => option.trim()),
      visibleWhenMarking: values.visibleWhenMarking,
    };
    return onSave(field ? { ...input, id: field.id } : input);
  };

  return (
    <ItemFormModal<FieldFormValues>
      title={field ? t('projectUi.fields.editTitle') : t('projectUi.fields.addTitle')}
      form={form}
      initialValues={{
        name: field?.name ?? '',
        widget: field?.widget ?? 'input',
        options: field?.options ?? [],
        visibleWhenMarking: field?.visibleWhenMarking ?? true,
      }}
      testId="defect-field-form"
      saving={saving}
      nameTakenKey="DISEASE_FIELD_NAME_ERROR"
      onSave={handleSave}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('projectUi.fields.name')} rules={[rule('name')]} required>
        <Input maxLength={50} data-testid="defect-field-name" />
      </Form.Item>
      <Form.Item name="widget" label={t('projectUi.fields.widget')} required>
        <Select
          options={DEFECT_FIELD_WIDGETS.map((value) => ({
            value,
            label: t(`projectUi.fieldWidgets.${value}`),
          }))}
          data-testid="defect-field-widget"
        />
      </Form.Item>
      {widget !== 'input' && (
        <Form.Item
          name="options"
          label={t('projectUi.fields.options')}
          extra={t('projectUi.fields.optionsHint')}
          rules={[rule('options')]}
          required
        >
          <Select mode="tags" open={false} tokenSeparators={[',', '，']} data-testid="defect-field-options" />
        </Form.Item>
      )}
      <Form.Item name="visibleWhenMarking" label={t('projectUi.fields.visible')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </ItemFormModal>
  );
}
