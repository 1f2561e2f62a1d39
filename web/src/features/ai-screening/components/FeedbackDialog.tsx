import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { aiFeedbackBodySchema, type DefectType } from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';
import { defectTypeLabel } from '../../../lib/defect-type-label';
import { requiredRule, zodRule } from '../../../lib/form-rules';
import { useGiveFeedback } from '../api';

interface FeedbackValues {
  kind: 'notDamage' | 'wrongType';
  correctTypeId?: number;
  content?: string;
}

/**
 * The error-feedback dialog for damage the AI recognised wrongly (SPEC section 2): not damage (the AI defect is
 * deleted) or the wrong type (it takes the correct one), with a note. The server keeps the correction.
 */
export function FeedbackDialog({
  defect,
  types,
  onClose,
}: {
  defect: { id: number; typeId: number };
  /** The project's defect types, for the correct one. */
  types: readonly DefectType[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FeedbackValues>();
  const kind = Form.useWatch('kind', form);
  const give = useGiveFeedback();

  return (
    <FormDialog<FeedbackValues>
      title={t('aiUi.feedback.title')}
      okText={t('aiUi.feedback.submit')}
      form={form}
      initialValues={{ kind: 'notDamage' }}
      testId="ai-feedback-form"
      saving={give.isPending}
      onSubmit={async (values) => {
        await give.mutateAsync({
          defectId: defect.id,
          correctTypeId: values.kind === 'wrongType' ? (values.correctTypeId ?? null) : null,
          content: values.content,
        });
        return t('aiUi.feedback.saved');
      }}
      onClose={onClose}
    >
      <Form.Item name="kind" label={t('aiUi.feedback.kind')}>
        <Radio.Group
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
          options={[
            { value: 'notDamage', label: t('aiUi.feedback.notDamage') },
            { value: 'wrongType', label: t('aiUi.feedback.wrongType') },
          ]}
          data-testid="ai-feedback-kind"
        />
      </Form.Item>
      {kind === 'wrongType' && (
        <Form.Item name="correctTypeId" label={t('aiUi.feedback.correctType')} rules={[requiredRule()]}>
          <Select
            data-testid="ai-feedback-type"
            options={types
              .filter((type) => type.id !== defect.typeId)
              .map((type) => ({ value: type.id, label: defectTypeLabel(type) }))}
          />
        </Form.Item>
      )}
      <Form.Item name="content" label={t('aiUi.feedback.content')} rules={[zodRule(aiFeedbackBodySchema, 'content')]}>
        <Input.TextArea
          rows={3}
          maxLength={500}
          showCount
          placeholder={t('aiUi.feedback.contentPlaceholder')}
          data-testid="ai-feedback-content"
        />
      </Form.Item>
    </FormDialog>
  );
}
