import { Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changePhoneBodySchema } from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';
import { zodRule } from '../../../lib/form-rules';
import { CaptchaField } from '../../../components/sms/CaptchaField';
import { SmsCodeField } from '../../../components/sms/SmsCodeField';
import { useSmsSender } from '../../../components/sms/useSmsSender';
import { useChangePhone } from '../api';

interface Values {
  phone: string;
  smsCode: string;
  captchaCode?: string;
}

function ChangePhoneForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const changePhone = useChangePhone();
  const sms = useSmsSender({ form, scene: 'phone', scope: 'change-phone' });

  const handleSubmit = async (values: Values) => {
    await changePhone.mutateAsync(changePhoneBodySchema.parse(values));
    return t('ui.personal.phoneChanged');
  };

  return (
    <FormDialog<Values>
      title={t('ui.personal.changePhone')}
      form={form}
      saving={changePhone.isPending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <Form.Item name="phone" label={t('ui.personal.newPhone')} rules={[zodRule(changePhoneBodySchema, 'phone')]}>
        <Input prefix={<MobileOutlined />} placeholder={t('ui.auth.phonePlaceholder')} inputMode="tel" />
      </Form.Item>
      <CaptchaField captcha={sms.captcha} loading={sms.captchaLoading} onRefresh={sms.refreshCaptcha} />
      <SmsCodeField scope="change-phone" onSend={sms.send} sending={sms.sending} />
    </FormDialog>
  );
}

/** New phone number confirmed by an SMS code. Mounted only while open, so each opening starts clean. */
export function ChangePhoneModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? <ChangePhoneForm onClose={onClose} /> : null;
}
