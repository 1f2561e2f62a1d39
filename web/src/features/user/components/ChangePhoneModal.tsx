import { App as AntdApp, Form, Input, Modal } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changePhoneBodySchema } from '@sightline/shared';
import { applyServerIssues, zodRule } from '../../../lib/form-rules';
import { CaptchaField } from '../../auth/components/CaptchaField';
import { SmsCodeField } from '../../auth/components/SmsCodeField';
import { useSmsSender } from '../../auth/hooks/useSmsSender';
import { useChangePhone } from '../api';

interface Values {
  phone: string;
  smsCode: string;
  captchaCode?: string;
}

function ChangePhoneForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<Values>();
  const changePhone = useChangePhone();
  const sms = useSmsSender({ form, scene: 'phone', scope: 'change-phone' });

  const handleOk = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await changePhone.mutateAsync(changePhoneBodySchema.parse(values));
      void message.success(t('ui.personal.phoneChanged'));
      onDone();
    } catch (error) {
      applyServerIssues(form, error);
    }
  };

  return (
    <Modal
      open
      title={t('ui.personal.changePhone')}
      okText={t('ui.common.save')}
      cancelText={t('ui.common.cancel')}
      confirmLoading={changePhone.isPending}
      onOk={() => void handleOk()}
      onCancel={onCancel}
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} style={{ marginTop: 16 }}>
        <Form.Item name="phone" label={t('ui.personal.newPhone')} rules={[zodRule(changePhoneBodySchema, 'phone')]}>
          <Input prefix={<MobileOutlined />} placeholder={t('ui.auth.phonePlaceholder')} inputMode="tel" />
        </Form.Item>
        <CaptchaField captcha={sms.captcha} loading={sms.captchaLoading} onRefresh={sms.refreshCaptcha} />
        <SmsCodeField scope="change-phone" onSend={sms.send} sending={sms.sending} />
      </Form>
    </Modal>
  );
}

/** New phone number confirmed by an SMS code. Mounted only while open, so each opening starts clean. */
export function ChangePhoneModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <ChangePhoneForm onDone={onClose} onCancel={onClose} /> : null;
}
