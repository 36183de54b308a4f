import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { displayNameOf, useAuth } from '@/lib/auth/auth-context';
import { DEFAULT_RETURN_TO, safeReturnTo } from '@/lib/auth/return-to';
import { usePageTitle } from '@/lib/use-page-title';
import type { LockState } from '../use-lock-session';
import { useStartSignIn } from '../use-start-sign-in';

/** /auth/boxed-lockscreen and /auth/cover-lockscreen: the session was locked (idle or by choice). */
export function LockScreenPage() {
  const { t } = useTranslation();
  const { user, userManager, status } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const startSignIn = useStartSignIn();
  const [failed, setFailed] = useState(false);
  const [name] = useState(() => (location.state as LockState | null)?.name ?? displayNameOf(user));
  const returnTo = safeReturnTo(params.get('returnTo')) ?? DEFAULT_RETURN_TO;
  usePageTitle(t('auth.lock.title'));

  // Opened directly while signed in: the lock screen locks.
  useEffect(() => {
    if (user) void userManager?.removeUser();
  }, [user, userManager]);

  const signInAgain = () => {
    setFailed(false);
    startSignIn(returnTo, { prompt: 'login' }).catch((error: unknown) => {
      console.error(error);
      setFailed(true);
    });
  };

  return (
    <Card>
      <div
        aria-hidden="true"
        className="mx-auto flex size-16 items-center justify-center rounded-full bg-blue-100 text-3xl dark:bg-blue-900"
      >
        🔒
      </div>
      <h1 className="text-center text-2xl font-bold">{t('auth.lock.heading')}</h1>
      <p>{name ? t('auth.lock.bodyNamed', { name }) : t('auth.lock.body')}</p>
      {failed ? <Alert tone="error">{t('auth.lock.error')}</Alert> : null}
      <Button onClick={signInAgain} disabled={status !== 'ready'} className="w-full">
        {t('auth.lock.signInAgain')}
      </Button>
    </Card>
  );
}
