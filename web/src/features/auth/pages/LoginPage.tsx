import { App as AntdApp, Button, Flex, Form, Input, Typography } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginBodySchema } from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { startSession } from '../../../session/session';
import { applyServerIssues, requiredRule, zodRule } from '../../../lib/form-rules';
import { useBranding } from '../../../api/branding';
import { useLogin } from '../api';
import { AuthCard } from '../components/AuthCard';
import { toLoginBody, type LoginValues } from '../login-body';

export default function LoginPage() {
  const { t } = useTranslation();
  const { modal } = AntdApp.useApp();
  const [form] = Form.useForm<LoginValues>();
  const login = useLogin();
  const location = useLocation();
  const state = location.state as { identifier?: string } | null;
  const { companyName } = useBranding();

  const submit = async (values: LoginValues, force: boolean) => {
    try {
      const result = await login.mutateAsync(toLoginBody(values, force));
      // The login guard moves a signed-in user on to the first menu page.
      await startSession(result.token);
    } catch (error) {
      if (isApiError(error) && error.key === 'LOGIN_REPEATED') {
        modal.confirm({
          title: t('ui.session.repeatedTitle'),
          content: t('ui.session.repeatedContent'),
          okText: t('ui.session.forceLogin'),
          cancelText: t('ui.common.cancel'),
          onOk: () => submit(values, true),
        });
        return;
      }
      applyServerIssues(form, error, { account: 'identifier', phone: 'identifier' });
    }
  };

  return (
    <AuthCard
      title={t('ui.auth.loginTitle')}
      subtitle={
        <>
          {t('ui.auth.welcome')} <Typography.Text strong>{companyName}</Typography.Text>
        </>
      }
    >
      <Form<LoginValues>
        form={form}
        layout="vertical"
        size="large"
        requiredMark={false}
        initialValues={{ identifier: state?.identifier ?? '' }}
        onFinish={(values) => void submit(values, false)}
        data-testid="login-form"
      >
        <Form.Item name="identifier" label={t('ui.auth.accountOrPhone')} rules={[requiredRule()]}>
          <Input
            prefix={<UserOutlined />}
            placeholder={t('ui.auth.accountOrPhonePlaceholder')}
            autoComplete="username"
            data-testid="login-identifier"
          />
        </Form.Item>
        <Form.Item name="password" label={t('ui.auth.password')} rules={[zodRule(loginBodySchema, 'password')]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('ui.auth.passwordPlaceholder')}
            autoComplete="current-password"
            data-testid="login-password"
          />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -8, marginBottom: 16 }}>
          <Link to={`/login/forget${location.search}`}>{t('ui.auth.forgotPassword')}</Link>
        </Flex>
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {t('ui.auth.login')}
        </Button>
      </Form>
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        {t('ui.auth.noAccount')} <Link to={`/login/register${location.search}`}>{t('ui.auth.register')}</Link>
      </Typography.Text>
    </AuthCard>
  );
}
