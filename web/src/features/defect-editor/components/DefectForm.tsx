import { useMemo } from 'react';
import { Alert, Form, Input, InputNumber, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { translate } from '../../../i18n';
import {
  DEFECT_DESCRIPTION_MAX,
  LIMITS,
  type CreateDefectBody,
  type DefectField,
  type DefectType,
  type SpatialMarkerNode,
} from '@sightline/shared';
import { defectTypeLabel } from '../../../lib/defect-type-label';
import type { EditorShape } from '../geometry';

export interface DefectFormValues {
  typeId: number;
  level: number;
  description?: string;
  widthPx?: number | null;
  markerId?: number | null;
  fields?: Record<string, string | string[] | undefined>;
}

export const LEVELS = Array.from(
  { length: LIMITS.defectScale.max - LIMITS.defectScale.min + 1 },
  (_, index) => LIMITS.defectScale.min + index,
);

/**
 * What a finished shape becomes a defect with (SPEC section 2, image editor): the project's type (those of the
 * shape's kind first), the scale level 1 to 5 by name, a description, the custom fields shown when marking, a crack's
 * width in pixels and the component it is on. `error` is the server's translated refusal (e.g. a photo that cannot
 * be measured).
 */
export function DefectForm({
  shape,
  types,
  fields,
  markers,
  saving,
  error,
  onSave,
  onCancel,
}: {
  shape: EditorShape | null;
  types: readonly DefectType[];
  fields: readonly DefectField[];
  markers: readonly SpatialMarkerNode[];
  saving: boolean;
  error: string | null;
  onSave: (values: Omit<CreateDefectBody, 'imageId'>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DefectFormValues>();
  const kind = shape?.kind === 'polyline' ? 'line' : 'area';
  const offered = useMemo(() => {
    const visible = types.filter((type) => type.visibleOnAdd);
    return [...visible.filter((type) => type.shapeKind === kind), ...visible.filter((type) => type.shapeKind !== kind)];
  }, [types, kind]);
  const marking = fields.filter((field) => field.visibleWhenMarking);

  const submit = (values: DefectFormValues) => {
    if (!shape) return;
    const fieldValues: Record<string, string | string[]> = {};
    for (const [id, value] of Object.entries(values.fields ?? {}))
      if (value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)) fieldValues[id] = value;
    onSave({
      typeId: values.typeId,
      level: values.level,
      description: values.description ?? '',
      fields: fieldValues,
      markerId: values.markerId ?? null,
      shape: {
        kind: shape.kind,
        points: shape.points.map(([u, v]) => [u, v] as [number, number]),
        widthPx: shape.kind === 'polyline' ? (values.widthPx ?? null) : null,
      },
    });
  };

  return (
    <Modal
      open={shape !== null}
      title={t('defectEditor.form.title')}
      okText={t('defectEditor.form.save')}
      cancelText={t('defectEditor.form.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'defect-form-save', disabled: offered.length === 0 } as never}
      destroyOnHidden
      width={460}
      data-testid="defect-form"
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        preserve={false}
        initialValues={{ typeId: offered[0]?.id, level: 3, widthPx: null, markerId: null }}
        data-testid="defect-form-fields"
      >
        {offered.length === 0 && <Alert type="warning" showIcon message={t('defectEditor.form.noTypes')} />}
        <Form.Item
          name="typeId"
          label={t('defectEditor.form.type')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Select
            data-testid="defect-form-type"
            options={offered.map((type) => ({
              value: type.id,
              label: (
                <Space size={6}>
                  <span
                    style={{ display: 'inline-block', width: 10, height: 10, borderRadius: 2, background: type.color }}
                  />
                  {defectTypeLabel(type)}
                </Space>
              ),
              title: defectTypeLabel(type),
            }))}
            showSearch={{ optionFilterProp: 'title' }}
          />
        </Form.Item>
        <Form.Item
          name="level"
          label={t('defectEditor.form.level')}
          rules={[{ required: true, message: t('validation.required') }]}
        >
          <Select
            data-testid="defect-form-level"
            options={LEVELS.map((level) => ({
              value: level,
              label: `${level} · ${translate(`defectEditor.level.${level}`)}`,
            }))}
          />
        </Form.Item>
        {shape?.kind === 'polyline' && (
          <Form.Item name="widthPx" label={t('defectEditor.form.widthPx')}>
            <InputNumber min={0.1} max={10_000} step={0.5} style={{ width: '100%' }} data-testid="defect-form-width" />
          </Form.Item>
        )}
        {markers.length > 0 && (
          <Form.Item name="markerId" label={t('defectEditor.form.marker')}>
            <Select
              allowClear
              placeholder={t('defectEditor.form.noMarker')}
              options={markers.map((marker) => ({ value: marker.id, label: marker.name }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        )}
        {marking.map((field) => (
          <Form.Item key={field.id} name={['fields', String(field.id)]} label={field.name}>
            {field.widget === 'input' ? (
              <Input maxLength={LIMITS.generalInputMax} />
            ) : (
              <Select
                allowClear
                mode={field.widget === 'multi' ? 'multiple' : undefined}
                options={field.options.map((option) => ({ value: option, label: option }))}
              />
            )}
          </Form.Item>
        ))}
        <Form.Item name="description" label={t('defectEditor.form.description')}>
          <Input.TextArea maxLength={DEFECT_DESCRIPTION_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} data-testid="defect-form-error" />}
      </Form>
    </Modal>
  );
}
