import { Col, Form, Input, InputNumber, Row } from 'antd';
import { LIMITS, createMonitorPointBodySchema, type MonitorPoint, type MonitorPointFields } from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { isApiError } from '../../../api/client';
import { translate } from '../../../i18n';
import { zodRule } from '../../../lib/form-rules';
import { useSavePoint } from '../api';

type Values = MonitorPointFields;

const NUMBER_FIELDS = [
  { name: 'lon', label: 'monitorUi.points.lon', step: 0.0000001 },
  { name: 'lat', label: 'monitorUi.points.lat', step: 0.0000001 },
  { name: 'baseX', label: 'monitorUi.points.baseX', step: 0.001 },
  { name: 'baseY', label: 'monitorUi.points.baseY', step: 0.001 },
  { name: 'baseZ', label: 'monitorUi.points.baseZ', step: 0.001 },
  { name: 'thresholdMm', label: 'monitorUi.points.threshold', step: 0.001 },
  { name: 'temperature', label: 'monitorUi.points.temperature', step: 0.1 },
] as const;

/** Creates or edits a monitoring point; a taken name or place is shown on its field. */
export function PointDialog({
  projectId,
  point,
  onClose,
}: {
  projectId: number;
  /** The point edited; null to create one. */
  point: MonitorPoint | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSavePoint(projectId);
  const toInput = (values: Record<string, unknown>) => ({ ...values, projectId });

  const handleSubmit = async (values: Values) => {
    try {
      await save.mutateAsync({ ...values, ...(point ? { id: point.id } : {}) });
    } catch (error) {
      if (
        isApiError(error) &&
        (error.key === 'MONITOR_POINT_GPS_EXISTING' || error.key === 'MONITOR_POINT_NAME_EXISTING')
      ) {
        const text = translate(`errors.${error.key}`);
        form.setFields(
          error.key === 'MONITOR_POINT_NAME_EXISTING'
            ? [{ name: 'name', errors: [text] }]
            : [
                { name: 'lon', errors: [text] },
                { name: 'lat', errors: [text] },
              ],
        );
        return null;
      }
      throw error;
    }
    return t('monitorUi.points.saved');
  };

  return (
    <FormDialog<Values>
      title={t(point ? 'monitorUi.points.edit' : 'monitorUi.points.add')}
      width={560}
      form={form}
      testId="monitor-point-form"
      saving={save.isPending}
      markRequired
      initialValues={point ?? {}}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('monitorUi.points.name')}
        rules={[zodRule(createMonitorPointBodySchema, 'name', { toInput })]}
      >
        <Input maxLength={LIMITS.generalInputMax} showCount data-testid="monitor-point-name" />
      </Form.Item>
      <Row gutter={12}>
        {NUMBER_FIELDS.map((field) => (
          <Col span={12} key={field.name}>
            <Form.Item
              name={field.name}
              label={t(field.label)}
              required={field.name !== 'baseZ'}
              rules={[zodRule(createMonitorPointBodySchema, field.name, { toInput })]}
            >
              <InputNumber style={{ width: '100%' }} step={field.step} data-testid={`monitor-point-${field.name}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </FormDialog>
  );
}
