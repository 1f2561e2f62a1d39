import { App as AntdApp, Button, Form, Input } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { retrieveBodySchema, type RetrieveBody } from '@sightline/shared';
import { PasswordFields } from '../../../components/PasswordFields';
import { applyServerIssues, zodRule } from '../../../lib/form-rules';
import { useRetrievePassword } from '../api';
import { AuthCard } from '../components/AuthCard';
import { CaptchaField } from '../../../components/sms/CaptchaField';
import { SmsCodeField } from '../../../components/sms/SmsCodeField';
import { useSmsSender } from '../../../components/sms/useSmsSender';

type RetrieveValues = RetrieveBody & { captchaCode?: string };

/** Forgot password: phone, image code, SMS code, the new password twice. */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RetrieveValues>();
  const retrieve = useRetrievePassword();
  const sms = useSmsSender({ form, scene: 'retrieve', scope: 'retrieve' });

  const handleFinish = async (values: RetrieveValues) => {
    const body = retrieveBodySchema.parse(values);
    try {
      await retrieve.mutateAsync(body);
      void message.success(t('ui.auth.resetSuccess'));
      void navigate('/login', { state: { identifier: body.phone } });
    } catch (error) {
      applyServerIssues(form, error);
    }
  };

  return (
    <AuthCard title={t('ui.auth.forgetTitle')} subtitle={<Link to="/login">{t('ui.auth.backToLogin')}</Link>}>
      <Form<RetrieveValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void handleFinish(values)}
        data-testid="forget-form"
      >
        <Form.Item name="phone" label={t('ui.auth.phone')} rules={[zodRule(retrieveBodySchema, 'phone')]}>
          <Input
            prefix={<MobileOutlined />}
            placeholder={t('ui.auth.phonePlaceholder')}
            autoComplete="tel"
            inputMode="tel"
          />
        </Form.Item>
        <CaptchaField captcha={sms.captcha} loading={sms.captchaLoading} onRefresh={sms.refreshCaptcha} />
        <SmsCodeField scope="retrieve" onSend={sms.send} sending={sms.sending} />
        <PasswordFields
          passwordRule={zodRule(retrieveBodySchema, 'password')}
          labels={{ password: t('ui.auth.newPassword'), confirm: t('ui.auth.confirmPassword') }}
        />
        <Button type="primary" htmlType="submit" size="large" block loading={retrieve.isPending}>
          {t('ui.auth.resetSubmit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
