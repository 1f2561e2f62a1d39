import { Form, InputNumber } from 'antd';
import { monitorThresholdBatchBodySchema } from '@sightline/shared';
import { FormDialog } from '../FormDialog';
import { zodRule } from '../../lib/form-rules';

/**
 * One displacement threshold for the chosen monitoring points or drone targets, checked on the field with the
 * contract's limits (0.001 to 99999.999 mm, three decimals). `onSave` answers the success message.
 */
export function ThresholdDialog({
  title,
  label,
  ids,
  initialValue,
  saving,
  testId,
  onSave,
  onClose,
}: {
  title: string;
  label: string;
  ids: number[];
  initialValue?: number;
  saving: boolean;
  testId: string;
  onSave: (thresholdMm: number) => Promise<string>;
  onClose: () => void;
}) {
  const [form] = Form.useForm<{ thresholdMm: number }>();
  const toInput = (values: Record<string, unknown>) => ({ ...values, ids });
  return (
    <FormDialog<{ thresholdMm: number }>
      title={title}
      form={form}
      testId={testId}
      saving={saving}
      markRequired
      initialValues={initialValue === undefined ? undefined : { thresholdMm: initialValue }}
      onSubmit={({ thresholdMm }) => onSave(thresholdMm)}
      onClose={onClose}
    >
      <Form.Item
        name="thresholdMm"
        label={label}
        required
        rules={[zodRule(monitorThresholdBatchBodySchema, 'thresholdMm', { toInput })]}
      >
        <InputNumber style={{ width: '100%' }} step={0.001} data-testid={`${testId}-value`} />
      </Form.Item>
    </FormDialog>
  );
}
