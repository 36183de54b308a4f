import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/auth-context';
import { loginPath } from '@/lib/auth/return-to';

/** Layout route for login-required pages: a user with no known identity goes to /login. */
export function RequireAuth() {
  const { t } = useTranslation();
  const { status, user, leaving } = useAuth();
  const location = useLocation();
  if (status === 'unavailable') return <Alert tone="error">{t('app.signInUnavailable')}</Alert>;
  // Signing out drops the user before the browser leaves: no detour through /login.
  if (status === 'loading' || leaving) return <Spinner label={t('app.loading')} />;
  if (!user) return <Navigate to={loginPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  return <Outlet />;
}
