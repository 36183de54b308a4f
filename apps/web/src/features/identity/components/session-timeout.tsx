import { useTranslation } from 'react-i18next';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/auth-context';
import { formatCountdown, useIdleTimeout } from '@/lib/auth/use-idle-timeout';
import { useLockSession } from '../use-lock-session';

/**
 * Warns before an idle session ends and locks it at the end (the configured idle timeout).
 * `now` is injectable for tests.
 */
export function SessionTimeout({ now }: { now?: () => number }) {
  const { t } = useTranslation();
  const { config, user, userManager } = useAuth();
  const lock = useLockSession();
  const { secondsLeft, stayActive } = useIdleTimeout({
    enabled: Boolean(user && config),
    timeoutSeconds: config?.idleTimeoutSeconds ?? 0,
    warningSeconds: config?.idleWarningSeconds ?? 0,
    onTimeout: () => void lock(),
    now,
  });

  if (secondsLeft === null) return null;
  const stay = () => {
    stayActive();
    // Best effort: a fresh token now, so the session outlives the one that was ageing.
    userManager?.signinSilent().catch(() => undefined);
  };
  const countdown = t('auth.timeout.countdown', { time: formatCountdown(secondsLeft) });
  // Screen readers hear the countdown every 15 seconds and each of the last 10, not every tick.
  const announce = secondsLeft <= 10 || secondsLeft % 15 === 0;

  return (
    <AlertDialog titleId="session-timeout-title" descriptionId="session-timeout-body" onEscape={stay}>
      <h2 id="session-timeout-title" className="text-xl font-bold">
        {t('auth.timeout.heading')}
      </h2>
      <div id="session-timeout-body" className="mt-3 space-y-2">
        <p>{t('auth.timeout.body')}</p>
        <p aria-hidden="true" className="text-lg font-semibold tabular-nums">
          {countdown}
        </p>
      </div>
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {announce ? countdown : null}
      </p>
      <div className="mt-5">
        <Button onClick={stay}>{t('auth.timeout.stay')}</Button>
      </div>
    </AlertDialog>
  );
}
