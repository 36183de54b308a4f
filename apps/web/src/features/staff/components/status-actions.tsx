import type { StaffAction, StaffApplication } from '@ccap/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useChangeStatus } from '../api/change-status';
import { staffErrorMessage } from '../staff-errors';
import { statusLabel } from '../staff-labels';
import { ConfirmDialog } from './reason-dialog';

const NEEDS_REASON: Record<StaffAction, boolean> = {
  'start-review': false,
  approve: false,
  deny: true,
  withdraw: true,
};

/** The status changes the application's status allows, each confirmed first. */
export function StatusActions({ application }: { application: StaffApplication }) {
  const { t } = useTranslation();
  const change = useChangeStatus(application.applicationId);
  const [asking, setAsking] = useState<StaffAction>();
  const [error, setError] = useState<string>();
  // The status and version the last change led to. Its message stands while the page has not
  // yet reloaded past that change, or the application is still in that status: an RFI sent since
  // (Information requested) or another worker's change makes it stale, and it goes.
  const [done, setDone] = useState<Pick<StaffApplication, 'status' | 'version'>>();

  const confirm = (reason: string | undefined) => {
    if (!asking) return Promise.resolve();
    const action = asking;
    setError(undefined);
    return change.mutateAsync({ action, version: application.version, reason }).then(
      (result) => {
        setAsking(undefined);
        setDone({ status: result.status, version: result.version });
      },
      (problem: unknown) => setError(staffErrorMessage(t, problem)),
    );
  };

  return (
    <section aria-labelledby="status-actions-heading" className="space-y-3">
      <h2 id="status-actions-heading" className="text-xl font-semibold">
        {t('staff.actions.heading')}
      </h2>
      {done && (application.status === done.status || application.version < done.version) ? (
        <Alert tone="success">{t('staff.actions.done', { status: statusLabel(t, done.status) })}</Alert>
      ) : null}
      {application.allowedActions.length === 0 ? (
        <p>{t('staff.actions.none', { status: statusLabel(t, application.status) })}</p>
      ) : (
        <div className="flex flex-wrap gap-3">
          {application.allowedActions.map((action) => (
            <Button
              key={action}
              variant={action === 'approve' || action === 'start-review' ? 'primary' : 'secondary'}
              onClick={() => {
                setDone(undefined);
                setError(undefined);
                setAsking(action);
              }}
            >
              {t(`staff.actions.${action}.button`)}
            </Button>
          ))}
        </div>
      )}
      {asking ? (
        <ConfirmDialog
          title={t(`staff.actions.${asking}.title`)}
          body={t(`staff.actions.${asking}.body`, { name: application.providerName })}
          confirmLabel={t(`staff.actions.${asking}.confirm`)}
          needsReason={NEEDS_REASON[asking]}
          pending={change.isPending}
          error={error}
          onConfirm={confirm}
          onCancel={() => setAsking(undefined)}
        />
      ) : null}
    </section>
  );
}
