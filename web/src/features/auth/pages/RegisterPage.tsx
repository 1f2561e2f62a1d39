import { useState } from 'react';
import { Alert, App as AntdApp, Button, Checkbox, Col, Form, Input, Modal, Row, Typography } from 'antd';
import { MobileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { registerBodySchema, type RegisterBody } from '@sightline/shared';
import { PasswordFields } from '../../../components/PasswordFields';
import { applyServerIssues, zodRule } from '../../../lib/form-rules';
import { useCheckPhone, useRegister } from '../api';
import { AuthCard } from '../components/AuthCard';
import { CaptchaField } from '../../../components/sms/CaptchaField';
import { SmsCodeField } from '../../../components/sms/SmsCodeField';
import { useSmsSender } from '../../../components/sms/useSmsSender';

type RegisterValues = RegisterBody & { captchaCode?: string };

export default function RegisterPage() {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const navigate = useNavigate();
  // An invitation's query (sid) rides along, so signing in afterwards leads back to the invite page.
  const { search } = useLocation();
  const [form] = Form.useForm<RegisterValues>();
  const register = useRegister();
  const checkPhone = useCheckPhone();
  const sms = useSmsSender({ form, scene: 'register', scope: 'register' });
  const [registeredPhone, setRegisteredPhone] = useState<string | null>(null);
  const [agreementOpen, setAgreementOpen] = useState(false);

  const rule = (field: keyof RegisterBody) => zodRule(registerBodySchema, field);

  const handlePhoneBlur = async () => {
    const phone = String(form.getFieldValue('phone') ?? '');
    const parsed = registerBodySchema.shape.phone.safeParse(phone);
    if (!parsed.success) return;
    try {
      const { registered } = await checkPhone.mutateAsync(parsed.data);
      setRegisteredPhone(registered ? parsed.data : null);
    } catch {
      // The server checks again on register; a failed pre-check only loses the early hint.
      setRegisteredPhone(null);
    }
  };

  const handleFinish = async (values: RegisterValues) => {
    const body = registerBodySchema.parse(values);
    try {
      await register.mutateAsync(body);
      void message.success(t('ui.auth.registerSuccess'));
      void navigate(`/login${search}`, { state: { identifier: body.phone } });
    } catch (error) {
      applyServerIssues(form, error);
    }
  };

  return (
    <AuthCard
      title={t('ui.auth.registerTitle')}
      subtitle={
        <>
          {t('ui.auth.haveAccount')} <Link to={`/login${search}`}>{t('ui.auth.backToLogin')}</Link>
        </>
      }
    >
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void handleFinish(values)}
        data-testid="register-form"
      >
        <Form.Item name="phone" label={t('ui.auth.phone')} rules={[rule('phone')]}>
          <Input
            prefix={<MobileOutlined />}
            placeholder={t('ui.auth.phonePlaceholder')}
            autoComplete="tel"
            inputMode="tel"
            onBlur={() => void handlePhoneBlur()}
            onChange={() => setRegisteredPhone(null)}
            data-testid="register-phone"
          />
        </Form.Item>
        {registeredPhone && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('errors.USER_PHONE_EXISTING')}
            action={
              <Button
                size="small"
                onClick={() => void navigate(`/login${search}`, { state: { identifier: registeredPhone } })}
              >
                {t('ui.auth.loginDirectly')}
              </Button>
            }
            data-testid="phone-registered"
          />
        )}
        <CaptchaField captcha={sms.captcha} loading={sms.captchaLoading} onRefresh={sms.refreshCaptcha} />
        <SmsCodeField scope="register" onSend={sms.send} sending={sms.sending} />
        <PasswordFields
          passwordRule={rule('password')}
          labels={{ password: t('ui.auth.password'), confirm: t('ui.auth.confirmPassword') }}
          columns
        />
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label={t('ui.auth.name')} rules={[rule('name')]}>
              <Input placeholder={t('ui.auth.namePlaceholder')} autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="position" label={t('ui.auth.position')} rules={[rule('position')]}>
              <Input placeholder={t('ui.auth.positionPlaceholder')} autoComplete="organization-title" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="organization" label={t('ui.auth.organization')} rules={[rule('organization')]}>
          <Input placeholder={t('ui.auth.organizationPlaceholder')} autoComplete="organization" />
        </Form.Item>
        <Form.Item name="agreement" valuePropName="checked" rules={[rule('agreement')]}>
          <Checkbox data-testid="register-agreement">
            {t('ui.auth.agreementPrefix')}
            <Typography.Link
              onClick={(event) => {
                event.preventDefault();
                setAgreementOpen(true);
              }}
            >
              {t('ui.auth.agreementLink')}
            </Typography.Link>
            {t('ui.auth.agreementSuffix')}
          </Checkbox>
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={register.isPending}
          data-testid="register-submit"
        >
          {t('ui.auth.registerSubmit')}
        </Button>
      </Form>
      <Modal
        open={agreementOpen}
        title={t('ui.auth.agreementTitle')}
        onCancel={() => setAgreementOpen(false)}
        footer={
          <Button type="primary" onClick={() => setAgreementOpen(false)}>
            {t('ui.common.confirm')}
          </Button>
        }
      >
        <Typography.Paragraph>{t('ui.auth.agreementBody')}</Typography.Paragraph>
      </Modal>
    </AuthCard>
  );
}
