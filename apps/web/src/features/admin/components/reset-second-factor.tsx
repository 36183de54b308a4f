import type { StaffMember } from '@ccap/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { unavailableMessage } from '@/lib/unavailable-message';
import { useResetSecondFactor } from '../api/reset-second-factor';

/** A staff row's "Reset second factor" button, confirmed in a dialog, and its outcome. */
export function ResetSecondFactor({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const reset = useResetSecondFactor();
  const [asking, setAsking] = useState(false);
  const dialogId = `reset-2fa-${member.id}`;

  const errorOf = (error: unknown) => {
    if (!(error instanceof ApiError)) return t('forms.networkError');
    if (error.status === 400) return t('admin.secondFactor.own');
    if (error.status === 409) return t('admin.secondFactor.external');
    return unavailableMessage(t, error) ?? t('admin.errors.generic');
  };
  const confirm = () => {
    if (reset.isPending) return;
    reset.mutate({ email: member.email }, { onSettled: () => setAsking(false) });
  };

  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        className="min-h-9 px-3 py-1 text-sm"
        aria-label={t('admin.secondFactor.resetLabel', { name: member.name })}
        onClick={() => {
          reset.reset();
          setAsking(true);
        }}
      >
        {t('admin.secondFactor.reset')}
      </Button>
      <div aria-live="polite" className="text-sm">
        {reset.isSuccess ? (
          <p>
            {reset.data.status === 'reset'
              ? t('admin.secondFactor.done', { name: member.name })
              : t('admin.secondFactor.none', { name: member.name })}
          </p>
        ) : null}
        {reset.isError ? <p className="text-red-800 dark:text-red-300">{errorOf(reset.error)}</p> : null}
      </div>
      {asking ? (
        <AlertDialog
          titleId={`${dialogId}-title`}
          descriptionId={`${dialogId}-body`}
          onEscape={reset.isPending ? undefined : () => setAsking(false)}
        >
          <h2 id={`${dialogId}-title`} className="text-xl font-bold">
            {t('admin.secondFactor.heading')}
          </h2>
          <p id={`${dialogId}-body`} className="mt-3">
            {t('admin.secondFactor.body', { name: member.name, email: member.email })}
          </p>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => !reset.isPending && setAsking(false)}>
              {t('admin.revoke.cancel')}
            </Button>
            <Button onClick={confirm}>{reset.isPending ? t('forms.sending') : t('admin.secondFactor.confirm')}</Button>
          </div>
        </AlertDialog>
      ) : null}
    </div>
  );
}
