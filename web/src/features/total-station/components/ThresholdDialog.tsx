import { Form, InputNumber } from 'antd';
import { monitorThresholdBatchBodySchema } from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { zodRule } from '../../../lib/form-rules';
import { useSetThresholds } from '../api';

/** Sets one threshold on the chosen points (PUT /monitor-point/threshold/batch). */
export function ThresholdDialog({
  projectId,
  ids,
  onClose,
}: {
  projectId: number;
  ids: number[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ thresholdMm: number }>();
  const setThresholds = useSetThresholds(projectId);
  const toInput = (values: Record<string, unknown>) => ({ ...values, ids });

  return (
    <FormDialog<{ thresholdMm: number }>
      title={t('monitorUi.points.batchThresholdTitle', { count: ids.length })}
      form={form}
      testId="monitor-threshold-form"
      saving={setThresholds.isPending}
      markRequired
      onSubmit={async ({ thresholdMm }) => {
        const points = await setThresholds.mutateAsync({ ids, thresholdMm });
        return t('monitorUi.points.thresholdsSaved', { count: points.length });
      }}
      onClose={onClose}
    >
      <Form.Item
        name="thresholdMm"
        label={t('monitorUi.points.threshold')}
        required
        rules={[zodRule(monitorThresholdBatchBodySchema, 'thresholdMm', { toInput })]}
      >
        <InputNumber style={{ width: '100%' }} step={0.001} data-testid="monitor-threshold-value" />
      </Form.Item>
    </FormDialog>
  );
}
