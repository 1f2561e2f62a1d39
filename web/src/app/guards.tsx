import { useEffect, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { getToken } from '../api/token';
import { afterLoginTarget } from '../features/invite/invite-link';
import { useSessionStore } from '../stores/session-store';
import { firstMenuPath } from '../session/menu-routes';
import { registerNavigate } from '../session/navigation';
import { bootstrapSession, clearSessionState, endSession } from '../session/session';
import { PageSpinner } from '../components/PageSpinner';

/** Lets code outside React navigate through the router. */
export function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigate(navigate);
    return () => registerNavigate(null);
  }, [navigate]);
  return null;
}

/**
 * With a token, nothing routes until the session is loaded (user info, menu): the menu's routes
 * must exist before a deep link like /team/members is matched.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const status = useSessionStore((state) => state.status);
  const token = getToken();

  useEffect(() => {
    if (token && status === 'anonymous') void bootstrapSession();
  }, [token, status]);

  if (token && (status === 'anonymous' || status === 'bootstrapping')) return <PageSpinner fullScreen />;
  if (token && status === 'failed') {
    return (
      <Result
        status="error"
        title={t('errors.serviceError')}
        extra={[
          <Button key="retry" type="primary" onClick={() => void bootstrapSession()}>
            {t('ui.app.reload')}
          </Button>,
          <Button key="login" onClick={() => endSession('logout')}>
            {t('ui.auth.backToLogin')}
          </Button>,
        ]}
      />
    );
  }
  return children;
}

function useFirstMenuPath(): string {
  const menus = useSessionStore((state) => state.menus);
  return firstMenuPath(menus);
}

/** Pages that need a signed-in user. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  if (!getToken()) return <Navigate to="/login" replace />;
  if (status !== 'ready') return <PageSpinner fullScreen />;
  return children;
}

/**
 * Login pages and the licence pages: arriving clears the session state; a signed-in user goes to
 * the first menu page instead (keeping the query, which may carry an invitation).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  const target = useFirstMenuPath();
  const { search } = useLocation();

  useEffect(() => {
    if (!getToken()) clearSessionState();
  }, []);

  // Reached from an invitation (the query carries its sid): back to the invite page after signing in.
  if (getToken() && status === 'ready') return <Navigate to={afterLoginTarget(search, target)} replace />;
  return children;
}

/** /invite: without a token to login keeping the query (login comes back here); signed in, the invite page. */
export function InviteGate({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  const { search } = useLocation();
  if (!getToken()) return <Navigate to={`/login${search}`} replace />;
  if (status !== 'ready') return <PageSpinner fullScreen />;
  return children;
}
