import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

/**
 * Asks before a navigation would drop unsaved answers: inside the app with a dialog, and
 * when closing or reloading the tab with the browser's own prompt.
 */
export function UnsavedChangesGuard({ when }: { when: () => boolean }) {
  const { t } = useTranslation();
  const whenRef = useRef(when);
  useEffect(() => {
    whenRef.current = when;
  }, [when]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      whenRef.current() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (whenRef.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  if (blocker.state !== 'blocked') return null;
  return (
    <AlertDialog titleId="leave-title" descriptionId="leave-body" onEscape={() => blocker.reset()}>
      <h2 id="leave-title" className="text-xl font-semibold">
        {t('application.wizard.leaveTitle')}
      </h2>
      <p id="leave-body" className="mt-2">
        {t('application.wizard.leaveBody')}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button onClick={() => blocker.reset()}>{t('application.wizard.stay')}</Button>
        <Button variant="secondary" onClick={() => blocker.proceed()}>
          {t('application.wizard.leave')}
        </Button>
      </div>
    </AlertDialog>
  );
}
