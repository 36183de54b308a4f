import type { Role } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth/current-user';
import { unavailableMessage } from '@/lib/unavailable-message';
import { NoAccess } from './no-access';

/**
 * Layout route for pages of one role (or any of several); it sits inside RequireAuth, which has already sent
 * anyone unknown to /login. The roles are the API's (User/me), not the token's claims, so a
 * role granted or removed counts at once; the API enforces the same rule on every call.
 */
export function RequireRole({ needs }: { needs: Role | Role[] }) {
  const anyOf = [needs].flat();
  const { t } = useTranslation();
  const me = useCurrentUser();
  if (me.isPending) return <Spinner label={t('app.loading')} />;
  // The header's user area sends the user to sign in again when this fails.
  if (me.isError) return <Alert tone="error">{unavailableMessage(t, me.error) ?? t('noAccess.loadError')}</Alert>;
  if (!anyOf.some((role) => me.data.roles.includes(role))) return <NoAccess role={anyOf[0]!} />;
  return <Outlet />;
}
