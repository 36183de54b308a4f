import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { linkClasses } from '@/components/ui/button';
import { MenuButton } from '@/components/ui/menu-button';
import { displayNameOf, useAuth } from '@/lib/auth/auth-context';
import { useCurrentUser } from '@/lib/auth/current-user';
import { loginPath } from '@/lib/auth/return-to';
import { useLockSession } from '../use-lock-session';

const ME_FAILURE_KEY = 'current-user-failure-redirected';

/** The header's account corner: "Sign in", or who is signed in and the account menu. */
export function UserArea() {
  const { t } = useTranslation();
  const { status, user, userManager, setLeaving } = useAuth();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const lock = useLockSession();
  const here = `${location.pathname}${location.search}${location.hash}`;

  // Spec: a failure fetching the current user sends the user to /login. The stale tokens go
  // first, or /login would find them and send the user straight back. Once per tab session:
  // if the API itself is down, signing in again cannot help, and bouncing between the app
  // and the identity provider for ever would not either.
  useEffect(() => {
    if (me.isSuccess) sessionStorage.removeItem(ME_FAILURE_KEY);
    if (!me.isError || sessionStorage.getItem(ME_FAILURE_KEY)) return;
    sessionStorage.setItem(ME_FAILURE_KEY, '1');
    void (async () => {
      await userManager?.removeUser();
      await navigate(loginPath(here));
    })();
    // Once per failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [me.isError, me.isSuccess]);

  if (status === 'loading') return null;
  if (!user) {
    if (location.pathname === '/login' || location.pathname.startsWith('/auth/')) return null;
    return (
      <Link to={loginPath(here)} className={linkClasses}>
        {t('header.signIn')}
      </Link>
    );
  }

  const name = me.data?.name ?? displayNameOf(user) ?? '';
  const email = me.data?.email ?? (typeof user.profile.email === 'string' ? user.profile.email : '');
  const signOut = async () => {
    setLeaving(true);
    try {
      await userManager?.signoutRedirect();
    } catch (error) {
      // Spec: a failed sign-out is logged and the browser's storage is kept.
      console.error(error);
      setLeaving(false);
    }
  };

  return (
    <MenuButton
      className="flex items-center gap-2 rounded-md px-2 py-1 text-start hover:bg-slate-100 dark:hover:bg-slate-800"
      label={
        <>
          <span
            aria-hidden="true"
            className="flex size-9 shrink-0 items-center justify-center rounded-full bg-blue-700 font-semibold text-white dark:bg-blue-400 dark:text-slate-950"
          >
            {name.slice(0, 1).toUpperCase()}
          </span>
          <span className="hidden min-w-0 flex-col sm:flex">
            <span className="truncate font-semibold">{name}</span>
            <span className="truncate text-sm text-slate-700 dark:text-slate-300">{email}</span>
          </span>
          <span className="sr-only">{t('header.userMenu', { name: name || email })}</span>
        </>
      }
      items={[
        { id: 'profile', label: t('header.profile'), onSelect: () => void navigate('/users/profile') },
        { id: 'inbox', label: t('header.inbox'), onSelect: () => void navigate('/apps/mailbox') },
        {
          id: 'provider-record',
          label: t('header.providerRecord'),
          onSelect: () => void navigate('/my-provider-record'),
        },
        // By path: features do not import each other. Only administrators see it; the route checks too.
        ...(me.data?.roles.includes('administrator')
          ? [{ id: 'admin', label: t('header.administration'), onSelect: () => void navigate('/staff/admin') }]
          : []),
        { id: 'lock', label: t('header.lockScreen'), onSelect: () => void lock() },
        { id: 'sign-out', label: t('header.signOut'), onSelect: () => void signOut() },
      ]}
    />
  );
}
