import { lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { getToken } from '../api/token';
import { useSessionStore } from '../stores/session-store';
import { withChunkTimeout } from './chunk-load';
import { ErrorBoundary } from './ErrorBoundary';
import { GuestOnly, InviteGate, RequireAuth } from './guards';
import { AppLayout } from './layout/AppLayout';
import { PublicShell } from './layout/PublicShell';
import {
  PERSONAL_CENTER_PATH,
  SELECT_BUSINESS_PATH,
  buildMenuRoutes,
  joinPath,
  rootRedirect,
  type MenuRoute,
} from '../session/menu-routes';
import { SUB_PAGES, pageFor } from './page-registry';
import { PageSpinner } from '../components/PageSpinner';

function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => withChunkTimeout(load()));
}

const LoginLayout = lazyPage(() => import('../features/auth/pages/LoginLayout'));
const LoginPage = lazyPage(() => import('../features/auth/pages/LoginPage'));
const RegisterPage = lazyPage(() => import('../features/auth/pages/RegisterPage'));
const ForgetPasswordPage = lazyPage(() => import('../features/auth/pages/ForgetPasswordPage'));
const NotFoundPage = lazyPage(() => import('../features/not-found/pages/NotFoundPage'));
const PersonalCenterPage = lazyPage(() => import('../features/user/pages/PersonalCenterPage'));
const SelectBusinessPage = lazyPage(() => import('../features/business/pages/SelectBusinessPage'));
const LicensePage = lazyPage(() => import('../features/license/pages/LicensePage'));
const UpcomingFeaturePage = lazyPage(() => import('../features/placeholder/pages/UpcomingFeaturePage'));
const InvitePage = lazyPage(() => import('../features/invite/pages/InvitePage'));
const PoseAdjustmentPage = lazyPage(() => import('../features/inspection/pages/PoseAdjustmentPage'));
const PhotoComparePage = lazyPage(() => import('../features/photo-compare/pages/PhotoComparePage'));

function Loadable({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageSpinner fullScreen />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** Unknown paths: the 404 page for a signed-in user; without a token, login (the 404 page needs one). */
function UnknownPath() {
  return <Navigate to={getToken() ? '/404' : '/login'} replace />;
}

function publicUpcoming(titleKey: string): ReactNode {
  return (
    <Loadable>
      <PublicShell>
        <UpcomingFeaturePage titleKey={titleKey} />
      </PublicShell>
    </Loadable>
  );
}

function menuRouteObject(route: MenuRoute): RouteObject {
  if (route.redirectTo !== null) return { path: route.path, element: <Navigate to={route.redirectTo} replace /> };
  // Kept-alive pages are rendered by the layout itself, so they survive leaving the route.
  if (route.keepAlive) return { path: route.path, element: null };
  const Page = pageFor(route.componentPath);
  return { path: route.path, element: <Page titleKey={route.titleKey} /> };
}

/** The sub-pages of a menu entry (the project wizard, configuration and 3D view under /home). */
function subPageRouteObjects(route: MenuRoute): RouteObject[] {
  return (SUB_PAGES[route.menuCode] ?? []).map((sub) => {
    const path = joinPath(route.path, sub.path);
    // Below a kept-alive page, the layout renders that page, which reads the path itself.
    if (route.keepAlive) return { path, element: null };
    const Page = pageFor(sub.componentPath);
    return { path, element: <Page titleKey={route.titleKey} /> };
  });
}

/** Static routes of SPEC section 2 plus the routes built from the server's menu. */
export function buildRoutes(menuRoutes: readonly MenuRoute[], home: string): RouteObject[] {
  return [
    { path: '/', element: <Navigate to={home} replace /> },
    {
      path: '/login',
      element: (
        <GuestOnly>
          <Loadable>
            <LoginLayout />
          </Loadable>
        </GuestOnly>
      ),
      children: [
        { index: true, element: <LoginPage /> },
        { path: 'register', element: <RegisterPage /> },
        { path: 'forget', element: <ForgetPasswordPage /> },
      ],
    },
    {
      path: '/invite',
      element: (
        <InviteGate>
          <Loadable>
            <PublicShell>
              <InvitePage />
            </PublicShell>
          </Loadable>
        </InviteGate>
      ),
    },
    {
      // Open like SPEC's other static pages; its calls need a session, so the page itself asks for a login.
      path: '/imgcompare',
      element: (
        <Loadable>
          <PublicShell>
            <PhotoComparePage />
          </PublicShell>
        </Loadable>
      ),
    },
    { path: '/el-test', element: publicUpcoming('ui.placeholder.elTest') },
    {
      // Open like SPEC's other static pages; its calls need a session, so the page itself asks for a login.
      path: '/poseAdjustment',
      element: (
        <Loadable>
          <PublicShell>
            <PoseAdjustmentPage />
          </PublicShell>
        </Loadable>
      ),
    },
    { path: '/release/:pid', element: publicUpcoming('ui.placeholder.release') },
    {
      path: SELECT_BUSINESS_PATH,
      element: (
        <Loadable>
          <PublicShell>
            <SelectBusinessPage />
          </PublicShell>
        </Loadable>
      ),
    },
    {
      path: '/license',
      element: (
        <GuestOnly>
          <Loadable>
            <PublicShell>
              <LicensePage variant="license" />
            </PublicShell>
          </Loadable>
        </GuestOnly>
      ),
    },
    {
      path: '/authorization',
      element: (
        <GuestOnly>
          <Loadable>
            <PublicShell>
              <LicensePage variant="authorization" />
            </PublicShell>
          </Loadable>
        </GuestOnly>
      ),
    },
    {
      element: (
        <RequireAuth>
          <AppLayout />
        </RequireAuth>
      ),
      children: [
        { path: PERSONAL_CENTER_PATH, element: <PersonalCenterPage /> },
        { path: '/404', element: <NotFoundPage /> },
        ...menuRoutes.flatMap((route) => [menuRouteObject(route), ...subPageRouteObjects(route)]),
      ],
    },
    { path: '*', element: <UnknownPath /> },
  ];
}

export function AppRoutes() {
  const menus = useSessionStore((state) => state.menus);
  const routes = useMemo(() => buildRoutes(buildMenuRoutes(menus), rootRedirect(menus)), [menus]);
  return useRoutes(routes);
}
