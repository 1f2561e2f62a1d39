import { Suspense } from 'react';
import { Flex, Grid, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Brand } from '../../../components/Brand';
import { LanguageSwitcher } from '../../../components/LanguageSwitcher';
import { rememberSignInLanguage } from '../../../i18n';
import { ThemeToggle } from '../../../components/ThemeToggle';
import { PageSpinner } from '../../../components/PageSpinner';
import { CompanyMark } from '../../../components/CompanyMark';
import { useBranding } from '../../../api/branding';
import { AuthIllustration } from '../components/AuthIllustration';

/** The frame of /login, /login/register and /login/forget: brand panel and the form. */
export default function LoginLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg === true;
  const { companyName } = useBranding();

  return (
    <Flex style={{ minHeight: '100%' }}>
      {wide && (
        <Flex
          vertical
          justify="space-between"
          style={{
            flex: '1 1 55%',
            padding: '40px 56px',
            color: '#f0f5ff',
            background: 'linear-gradient(135deg, #0b1f44 0%, #12356e 55%, #1d4fa0 100%)',
          }}
        >
          <CompanyMark size={32} color="#f0f5ff" />
          <Flex vertical gap={32} align="flex-start">
            <Typography.Title level={2} style={{ color: '#f0f5ff', margin: 0, maxWidth: 520, lineHeight: 1.35 }}>
              {t('ui.app.tagline')}
            </Typography.Title>
            <AuthIllustration />
          </Flex>
          <Typography.Text style={{ color: 'rgba(240,245,255,0.55)' }}>© {companyName}</Typography.Text>
        </Flex>
      )}
      <Flex vertical style={{ flex: '1 1 45%', background: token.colorBgContainer, minWidth: 0 }}>
        <Flex justify={wide ? 'flex-end' : 'space-between'} align="center" style={{ padding: '16px 24px' }}>
          {!wide && <Brand />}
          <Flex gap={4}>
            <LanguageSwitcher onChange={rememberSignInLanguage} />
            <ThemeToggle />
          </Flex>
        </Flex>
        <Flex flex={1} align="center" justify="center" style={{ padding: '24px 24px 48px' }}>
          <div style={{ width: '100%', maxWidth: 420 }}>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </div>
        </Flex>
      </Flex>
    </Flex>
  );
}
