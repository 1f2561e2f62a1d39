import { Suspense, useEffect, useMemo, useState } from 'react';
import { Layout, theme } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { documentTitle } from '../../lib/branding';
import { useBranding } from '../../api/branding';
import { translate } from '../../i18n';
import { useSessionStore } from '../../stores/session-store';
import { ErrorBoundary } from '../ErrorBoundary';
import {
  FALLBACK_MENU,
  PERSONAL_CENTER_PATH,
  buildMenuRoutes,
  keepAliveKeyFor,
  matchMenuPath,
  visibleMenus,
} from '../../session/menu-routes';
import { pageFor } from '../page-registry';
import { PageSpinner } from '../../components/PageSpinner';
import { Brand } from '../../components/Brand';
import { HeaderBar } from './HeaderBar';
import { SideMenu } from './SideMenu';

const SIDER_COLLAPSED_KEY = 'siderCollapsed';

/**
 * The signed-in frame: sidebar menu, header, and the page. The inspection page is kept alive:
 * once visited it stays mounted, hidden, while the user is elsewhere (SPEC section 2).
 */
export function AppLayout() {
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const menus = useSessionStore((state) => state.menus);
  const visible = useMemo(() => visibleMenus(menus), [menus]);
  const routes = useMemo(() => buildMenuRoutes(menus), [menus]);
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(SIDER_COLLAPSED_KEY) === 'true');

  const activeKeepAlive = keepAliveKeyFor(pathname, routes);
  const [visited, setVisited] = useState<string[]>([]);
  if (activeKeepAlive !== null && !visited.includes(activeKeepAlive)) setVisited([...visited, activeKeepAlive]);
  const keptAlive = routes.filter((route) => visited.includes(route.path));

  const title = pathname === PERSONAL_CENTER_PATH ? 'menu.personalCenter' : matchMenuPath(pathname, routes)?.titleKey;
  const { companyName } = useBranding();
  useEffect(() => {
    document.title = documentTitle(title ? translate(title) : null, companyName);
  });

  const handleToggleCollapsed = () => {
    localStorage.setItem(SIDER_COLLAPSED_KEY, String(!collapsed));
    setCollapsed(!collapsed);
  };

  return (
    <Layout style={{ height: '100%' }}>
      <Layout.Sider
        theme="light"
        width={220}
        collapsedWidth={64}
        collapsed={collapsed}
        trigger={null}
        style={{ borderInlineEnd: `1px solid ${token.colorBorderSecondary}`, overflow: 'auto' }}
      >
        <div
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            padding: collapsed ? '0 18px' : '0 20px',
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <Brand collapsed={collapsed} />
        </div>
        <SideMenu menus={visible.length > 0 ? visible : FALLBACK_MENU} routes={routes} collapsed={collapsed} />
      </Layout.Sider>
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            height: 56,
            lineHeight: 'normal',
            padding: '0 16px 0 8px',
            background: token.colorBgContainer,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <HeaderBar collapsed={collapsed} onToggleCollapsed={handleToggleCollapsed} routes={routes} />
        </Layout.Header>
        <Layout.Content style={{ overflow: 'auto', padding: 24, position: 'relative' }}>
          {keptAlive.map((route) => {
            const Page = pageFor(route.componentPath);
            return (
              <div key={route.path} className="sl-keep-alive" hidden={route.path !== activeKeepAlive}>
                <ErrorBoundary>
                  <Suspense fallback={<PageSpinner />}>
                    <Page titleKey={route.titleKey} />
                  </Suspense>
                </ErrorBoundary>
              </div>
            );
          })}
          {activeKeepAlive === null && (
            <ErrorBoundary resetKey={pathname}>
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            </ErrorBoundary>
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
