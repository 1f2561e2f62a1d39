import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_TYPES, LIMITS, feedbackBodySchema, type FeedbackType } from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';
import { zodRule } from '../../../lib/form-rules';
import { useSendFeedback } from '../api';

interface FeedbackValues {
  type: FeedbackType;
  content: string;
  contact?: string;
}

function FeedbackForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FeedbackValues>();
  const send = useSendFeedback();

  const handleSubmit = async (values: FeedbackValues) => {
    await send.mutateAsync(feedbackBodySchema.parse({ ...values, contact: values.contact || undefined }));
    return t('teamUi.feedback.sent');
  };

  return (
    <FormDialog<FeedbackValues>
      title={t('teamUi.feedback.title')}
      okText={t('ui.common.submit')}
      form={form}
      initialValues={{ type: 'suggestion', content: '' }}
      testId="feedback-form"
      saving={send.isPending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <Form.Item name="type" label={t('teamUi.feedback.type')}>
        <Radio.Group
          optionType="button"
          options={FEEDBACK_TYPES.map((type) => ({ value: type, label: t(`teamUi.feedback.types.${type}`) }))}
        />
      </Form.Item>
      <Form.Item name="content" label={t('teamUi.feedback.content')} rules={[zodRule(feedbackBodySchema, 'content')]}>
        <Input.TextArea
          rows={6}
          maxLength={LIMITS.feedbackContentMax}
          showCount
          placeholder={t('teamUi.feedback.contentPlaceholder')}
          data-testid="feedback-content"
        />
      </Form.Item>
      <Form.Item name="contact" label={t('teamUi.feedback.contact')} rules={[zodRule(feedbackBodySchema, 'contact')]}>
        <Input maxLength={LIMITS.generalInputMax} placeholder={t('teamUi.common.optional')} />
      </Form.Item>
    </FormDialog>
  );
}

/** Feedback (suggestion or software bug) from the user menu; the content is never empty. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <FeedbackForm onClose={onClose} /> : null;
}
