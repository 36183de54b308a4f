import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth/auth-context';
import { useStartSignIn } from '../use-start-sign-in';

/**
 * Starts signing in as soon as the client is ready, or goes straight to `returnTo` when the
 * user already is signed in. Shown on /login and on the sign-in pages opened without a uid.
 */
export function StartSignIn({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const startSignIn = useStartSignIn();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  const start = () =>
    startSignIn(returnTo).catch((error: unknown) => {
      console.error(error);
      setFailed(true);
    });

  useEffect(() => {
    if (status !== 'ready' || started.current) return;
    started.current = true;
    if (user) void navigate(returnTo, { replace: true });
    else void start();
    // Starts once, when the client becomes ready.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status]);

  if (status === 'unavailable' || failed) {
    return (
      <div className="space-y-4">
        <Alert tone="error">{t(failed ? 'auth.startSignIn.error' : 'app.signInUnavailable')}</Alert>
        <Button
          onClick={() => {
            setFailed(false);
            void start();
          }}
          disabled={status !== 'ready'}
        >
          {t('auth.startSignIn.tryAgain')}
        </Button>
      </div>
    );
  }
  return <Spinner label={t('auth.startSignIn.redirecting')} />;
}
