import type { User, UserManager } from 'oidc-client-ts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/auth-context';
import { returnToFromState } from '@/lib/auth/return-to';
import { usePageTitle } from '@/lib/use-page-title';

// The authorization code works once: a second render (React's strict mode runs effects
// twice) must share the first exchange, not start another that is bound to fail.
const exchanges = new WeakMap<UserManager, Map<string, Promise<User>>>();
function completeSignIn(manager: UserManager, url: string) {
  const byUrl = exchanges.get(manager) ?? new Map<string, Promise<User>>();
  exchanges.set(manager, byUrl);
  const pending = byUrl.get(url) ?? manager.signinRedirectCallback(url);
  byUrl.set(url, pending);
  return pending;
}

/** /login/callback: the identity provider sends the browser back here with the code. */
export function LoginCallbackPage() {
  const { t } = useTranslation();
  const { userManager, status } = useAuth();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  usePageTitle(t('auth.callback.title'));

  useEffect(() => {
    if (!userManager) return;
    let active = true;
    completeSignIn(userManager, window.location.href).then(
      (user) => {
        if (active) void navigate(returnToFromState(user.state), { replace: true });
      },
      (error: unknown) => {
        console.error(error);
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [userManager, navigate]);

  return (
    <Card>
      <h1 className="text-2xl font-bold">{t('auth.callback.title')}</h1>
      {failed || status === 'unavailable' ? (
        <>
          <Alert tone="error">{t('auth.callback.error')}</Alert>
          <Link to="/login" className={buttonClasses()}>
            {t('auth.callback.tryAgain')}
          </Link>
        </>
      ) : (
        <Spinner label={t('auth.callback.working')} />
      )}
    </Card>
  );
}
