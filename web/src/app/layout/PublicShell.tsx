import type { ReactNode } from 'react';
import { Flex, Layout, theme } from 'antd';
import { Link } from 'react-router';
import { Brand } from '../../components/Brand';
import { rememberSignInLanguage } from '../../i18n';
import { LanguageSwitcher } from '../../components/LanguageSwitcher';
import { ThemeToggle } from '../../components/ThemeToggle';

/** The frame of pages open without login (business selection, licence, pages of later releases). */
export function PublicShell({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Layout style={{ minHeight: '100%' }}>
      <Layout.Header
        style={{
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          padding: '0 24px',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Link to="/">
          <Brand />
        </Link>
        <Flex align="center" gap={4}>
          <LanguageSwitcher onChange={rememberSignInLanguage} />
          <ThemeToggle />
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>{children}</Layout.Content>
    </Layout>
  );
}
