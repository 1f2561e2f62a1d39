import { useRef } from 'react';
import { Button, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  DEFECT_DESCRIPTION_MAX,
  LIMITS,
  updateDefectBodySchema,
  type Defect,
  type DefectField,
  type UpdateDefectBody,
} from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';
import { zodRule } from '../../../lib/form-rules';
import { useProjectDefectFields, useUpdateDefect, useUpdateDefects } from '../api';
import { SIZE_DIMENSIONS, editedSizes, formatSize, type SizeDimension } from '../defect-display';
import { useDefectChoices } from '../hooks/useDefectChoices';

const SIZE_LABEL = {
  lengthM: 'defectList.column.length',
  widthMm: 'defectList.column.width',
  areaM2: 'defectList.column.area',
} as const;

/** One custom field by its widget: a text input, a single or a multiple choice among its options. */
function FieldInput({ field }: { field: DefectField }) {
  const name = ['fields', String(field.id)];
  const options = field.options.map((option) => ({ value: option, label: option }));
  return (
    <Form.Item name={name} label={field.name}>
      {field.widget === 'input' ? (
        <Input maxLength={LIMITS.generalInputMax} allowClear />
      ) : (
        <Select allowClear options={options} {...(field.widget === 'multi' ? { mode: 'multiple' as const } : {})} />
      )}
    </Form.Item>
  );
}

type EditValues = {
  typeId: number;
  level: number;
  description: string;
  markerId: number | null;
  fields: Record<string, string | string[] | undefined>;
} & Record<SizeDimension, number | null>;

/** The custom fields as the server takes them: cleared ones left out. */
function fieldValues(fields: EditValues['fields']): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(fields ?? {}).filter(
      (entry): entry is [string, string | string[]] =>
        entry[1] !== undefined && entry[1] !== '' && !(Array.isArray(entry[1]) && entry[1].length === 0),
    ),
  );
}

const toBody = (id: number, values: Partial<EditValues>): Record<string, unknown> => ({ id, ...values });

/**
 * The defect edit dialog (SPEC section 2): type, level, description, custom fields, component, and the sizes a user
 * types over the computed ones, each with the computed value beside it and a way back to it.
 */
export function DefectEditDialog({ defect, onClose }: { defect: Defect; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const update = useUpdateDefect();
  const choices = useDefectChoices(defect.projectId);
  const fields = useProjectDefectFields(defect.projectId).data ?? [];

  const submit = async (values: EditValues) => {
    const body: UpdateDefectBody = {
      id: defect.id,
      typeId: values.typeId,
      level: values.level,
      description: values.description ?? '',
      markerId: values.markerId ?? null,
      fields: fieldValues(values.fields),
      sizeEdited: editedSizes(values),
    };
    await update.mutateAsync(body);
    return t('defectList.edit.saved');
  };

  return (
    <FormDialog<EditValues>
      title={t('defectList.edit.title', { code: defect.code })}
      form={form}
      width={560}
      testId="defect-edit-form"
      saving={update.isPending}
      initialValues={{
        typeId: defect.typeId,
        level: defect.level,
        description: defect.description,
        markerId: defect.markerId,
        fields: defect.fields,
        ...Object.fromEntries(SIZE_DIMENSIONS.map((key) => [key, defect.sizeEdited?.[key] ?? null])),
      }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Flex gap={12}>
        <Form.Item name="typeId" label={t('defectList.column.type')} style={{ flex: 1 }}>
          <Select options={choices.types} optionFilterProp="search" showSearch data-testid="defect-edit-type" />
        </Form.Item>
        <Form.Item
          name="level"
          label={t('defectList.column.level')}
          style={{ flex: 1 }}
          rules={[zodRule(updateDefectBodySchema, 'level', { toInput: (values) => toBody(defect.id, values) })]}
        >
          <Select options={choices.levels} data-testid="defect-edit-level" />
        </Form.Item>
      </Flex>
      <Form.Item name="markerId" label={t('defectList.column.component')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('defectList.edit.noComponent')}
          options={choices.markers}
          data-testid="defect-edit-component"
        />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('defectList.details.description')}
        rules={[zodRule(updateDefectBodySchema, 'description', { toInput: (values) => toBody(defect.id, values) })]}
      >
        <Input.TextArea rows={2} maxLength={DEFECT_DESCRIPTION_MAX} showCount />
      </Form.Item>
      <Typography.Text strong>{t('defectList.details.sizes')}</Typography.Text>
      {SIZE_DIMENSIONS.map((dimension) => {
        const computed = defect.size[dimension];
        return (
          <Form.Item key={dimension} label={t(SIZE_LABEL[dimension])} style={{ marginBottom: 8 }}>
            <Flex gap={8} align="center">
              <Form.Item
                name={dimension}
                noStyle
                rules={[
                  zodRule(updateDefectBodySchema, dimension, {
                    path: `sizeEdited.${dimension}`,
                    toInput: (values) => ({ id: defect.id, sizeEdited: editedSizes(values) }),
                  }),
                ]}
              >
                <InputNumber
                  min={0}
                  style={{ width: 160 }}
                  placeholder={formatSize(computed, dimension)}
                  data-testid={`defect-edit-${dimension}`}
                />
              </Form.Item>
              <Typography.Text type="secondary" data-testid={`defect-edit-computed-${dimension}`}>
                {computed === null
                  ? t('defectList.edit.noComputed')
                  : t('defectList.edit.computedBeside', { value: formatSize(computed, dimension) })}
              </Typography.Text>
              <Button
                size="small"
                type="link"
                icon={<UndoOutlined />}
                onClick={() => form.setFieldValue(dimension, null)}
                data-testid={`defect-edit-reset-${dimension}`}
              >
                {t('defectList.edit.useComputed')}
              </Button>
            </Flex>
          </Form.Item>
        );
      })}
      {fields.length > 0 && (
        <>
          <Typography.Text strong>{t('defectList.details.fields')}</Typography.Text>
          {fields.map((field) => (
            <FieldInput key={field.id} field={field} />
          ))}
        </>
      )}
    </FormDialog>
  );
}

type BatchValues = { typeId?: number; level?: number; description?: string };

/** The selected defects' type, level or description changed at once; what is left empty stays. */
export function DefectBatchEditDialog({
  ids,
  projectId,
  onClose,
}: {
  ids: number[];
  projectId: number;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BatchValues>();
  const update = useUpdateDefects();
  const choices = useDefectChoices(projectId);
  const saved = useRef(false);

  const submit = async (values: BatchValues) => {
    const change = Object.fromEntries(
      Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== ''),
    ) as BatchValues;
    if (Object.keys(change).length === 0) {
      form.setFields([{ name: 'level', errors: [t('validation.required')] }]);
      return null;
    }
    const { count } = await update.mutateAsync({ ids, ...change });
    saved.current = true;
    return t('defectList.edit.batchSaved', { count });
  };

  return (
    <FormDialog<BatchValues>
      title={t('defectList.edit.batchTitle', { count: ids.length })}
      form={form}
      testId="defect-batch-form"
      saving={update.isPending}
      onSubmit={submit}
      onClose={() => onClose(saved.current)}
    >
      <Typography.Paragraph type="secondary">{t('defectList.edit.batchHint')}</Typography.Paragraph>
      <Form.Item name="typeId" label={t('defectList.column.type')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="search"
          placeholder={t('defectList.edit.keep')}
          options={choices.types}
        />
      </Form.Item>
      <Form.Item name="level" label={t('defectList.column.level')}>
        <Select
          allowClear
          placeholder={t('defectList.edit.keep')}
          options={choices.levels}
          data-testid="defect-batch-level"
        />
      </Form.Item>
      <Form.Item name="description" label={t('defectList.details.description')}>
        <Input.TextArea rows={2} maxLength={DEFECT_DESCRIPTION_MAX} placeholder={t('defectList.edit.keep')} />
      </Form.Item>
    </FormDialog>
  );
}
