import { App as AntdApp, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_TYPES, LIMITS, feedbackBodySchema, type FeedbackType } from '@sightline/shared';
import { applyServerIssues, zodRule } from '../../../lib/form-rules';
import { useSendFeedback } from '../api';

interface FeedbackValues {
  type: FeedbackType;
  content: string;
  contact?: string;
}

function FeedbackForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<FeedbackValues>();
  const send = useSendFeedback();

  const handleOk = async () => {
    let values: FeedbackValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await send.mutateAsync(feedbackBodySchema.parse({ ...values, contact: values.contact || undefined }));
      void message.success(t('teamUi.feedback.sent'));
      onClose();
    } catch (error) {
      applyServerIssues(form, error);
    }
  };

  return (
    <Modal
      open
      title={t('teamUi.feedback.title')}
      okText={t('ui.common.submit')}
      cancelText={t('ui.common.cancel')}
      confirmLoading={send.isPending}
      onOk={() => void handleOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FeedbackValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        style={{ marginTop: 16 }}
        initialValues={{ type: 'suggestion', content: '' }}
        data-testid="feedback-form"
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
      </Form>
    </Modal>
  );
}

/** Feedback (suggestion or software bug) from the user menu; the content is never empty. */
export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <FeedbackForm onClose={onClose} /> : null;
}
