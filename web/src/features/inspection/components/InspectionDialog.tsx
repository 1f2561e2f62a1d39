import { Alert, App as AntdApp, Button, DatePicker, Flex, Form, Input, Select, Typography, type FormRule } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { INSPECTION_DESCRIPTION_MAX, inspectionCreateBodySchema, type Inspection } from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';
import { zodRule } from '../../../lib/form-rules';
import { translate } from '../../../i18n';
import {
  historyLinkCount,
  useCameraParams,
  useCreateInspection,
  usePreviousCandidates,
  useUpdateInspection,
} from '../api';
import { toCreateBody, type InspectionFormValues } from '../inspection-form';
import { ImageGroupFields } from './ImageGroupFields';

/** The whole form as the create body, so each field is checked by the shared schema's rule for it. */
const asBody = (values: Record<string, unknown>) =>
  toCreateBody(1, values as Partial<InspectionFormValues>) as unknown as Record<string, unknown>;

/** A group name used twice in the form (the server refuses it too). */
function uniqueGroupNameRule(index: number): FormRule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      const name = typeof value === 'string' ? value.trim() : '';
      if (!name) return;
      const groups = (form.getFieldValue('imageGroups') ?? []) as Array<{ name?: string } | undefined>;
      const clash = groups.some((group, other) => other !== index && (group?.name ?? '').trim() === name);
      if (clash) throw new Error(translate('validation.duplicateName'));
    },
  });
}

/**
 * Create or edit an inspection (SPEC section 2): name, description, date, previous inspection, and on creation its
 * image groups. Editing leaves the groups to the detail screen.
 */
export function InspectionDialog({
  projectId,
  inspection,
  onClose,
  onCreated,
}: {
  projectId: number;
  /** null to create. */
  inspection: Inspection | null;
  onClose: () => void;
  onCreated?: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InspectionFormValues>();
  const { modal } = AntdApp.useApp();
  const create = useCreateInspection();
  const update = useUpdateInspection();
  const candidates = usePreviousCandidates(projectId, inspection?.id ?? null);
  const cameras = useCameraParams();
  const cameraList = cameras.data ?? [];
  const editing = inspection !== null;

  const handleSubmit = async (values: InspectionFormValues) => {
    if (inspection) {
      const previousId = values.previousInspectionId ?? null;
      if (previousId !== (inspection.previousInspection?.id ?? null)) {
        const links = await historyLinkCount(inspection.id);
        const confirmed =
          links === 0 ||
          (await modal.confirm({
            title: t('historyUi.previousChange.title'),
            content: t('historyUi.previousChange.content', { count: links }),
            okText: t('historyUi.previousChange.ok'),
            okButtonProps: { danger: true },
            cancelText: t('ui.common.cancel'),
          }));
        if (!confirmed) return null;
      }
      await update.mutateAsync({
        id: inspection.id,
        name: values.name,
        description: values.description ?? '',
        inspectionDate: values.inspectionDate?.format('YYYY-MM-DD') ?? '',
        previousInspectionId: previousId,
      });
      return t('inspectionUi.form.saved', { name: values.name.trim() });
    }
    const created = await create.mutateAsync(inspectionCreateBodySchema.parse(toCreateBody(projectId, values)));
    onCreated?.(created.id);
    return t('inspectionUi.form.created', { name: created.name });
  };

  const previousOptions = [
    { value: 0, label: t('inspectionUi.form.previousNone') },
    ...(candidates.data ?? []).map((candidate) => ({
      value: candidate.id,
      label: `${candidate.name} (${candidate.inspectionDate})`,
    })),
  ];

  return (
    <FormDialog<InspectionFormValues>
      title={editing ? t('inspectionUi.form.editTitle') : t('inspectionUi.form.createTitle')}
      width={editing ? 520 : 760}
      form={form}
      initialValues={{
        name: inspection?.name ?? '',
        description: inspection?.description ?? '',
        inspectionDate: inspection ? dayjs(inspection.inspectionDate) : dayjs(),
        previousInspectionId: inspection?.previousInspection?.id ?? 0,
        imageGroups: [],
      }}
      testId="inspection-form"
      saving={create.isPending || update.isPending}
      onSubmit={(values) => handleSubmit({ ...values, previousInspectionId: values.previousInspectionId || null })}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('inspectionUi.form.name')}
        rules={[zodRule(inspectionCreateBodySchema, 'name', { toInput: asBody })]}
      >
        <Input placeholder={t('inspectionUi.form.namePlaceholder')} autoComplete="off" data-testid="inspection-name" />
      </Form.Item>
      <Flex gap={16}>
        <Form.Item
          name="inspectionDate"
          label={t('inspectionUi.form.date')}
          rules={[zodRule(inspectionCreateBodySchema, 'inspectionDate', { toInput: asBody })]}
          style={{ flex: 1 }}
        >
          <DatePicker style={{ width: '100%' }} allowClear={false} data-testid="inspection-date" />
        </Form.Item>
        <Form.Item
          name="previousInspectionId"
          label={t('inspectionUi.form.previous')}
          tooltip={t('inspectionUi.form.previousHint')}
          style={{ flex: 1 }}
        >
          <Select options={previousOptions} loading={candidates.isFetching} data-testid="inspection-previous" />
        </Form.Item>
      </Flex>
      <Form.Item
        name="description"
        label={t('inspectionUi.form.description')}
        rules={[zodRule(inspectionCreateBodySchema, 'description', { toInput: asBody })]}
      >
        <Input.TextArea
          rows={2}
          showCount
          maxLength={INSPECTION_DESCRIPTION_MAX}
          data-testid="inspection-description"
        />
      </Form.Item>
      {!editing && (
        <>
          <Typography.Text strong>{t('inspectionUi.form.groups')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
            {t('inspectionUi.form.groupsHint')}
          </Typography.Paragraph>
          {cameras.isSuccess && cameraList.length === 0 && (
            <Alert type="info" showIcon message={t('inspectionUi.form.noCameras')} style={{ marginBottom: 12 }} />
          )}
          <Form.List name="imageGroups">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8}>
                {fields.map((field) => (
                  <Flex key={field.key} gap={8} align="flex-start" data-testid="inspection-group-row">
                    <ImageGroupFields
                      prefix={[field.name]}
                      cameras={cameraList}
                      extraNameRules={[uniqueGroupNameRule(field.name)]}
                      inline
                    />
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('inspectionUi.form.removeGroup')}
                      onClick={() => remove(field.name)}
                      style={{ marginTop: 30 }}
                    />
                  </Flex>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ name: '', cameraParamId: undefined, photoDistance: undefined })}
                  disabled={cameraList.length === 0}
                  data-testid="inspection-add-group"
                >
                  {t('inspectionUi.form.addGroup')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </>
      )}
    </FormDialog>
  );
}
