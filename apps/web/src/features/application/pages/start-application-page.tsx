import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button, buttonClasses } from '@/components/ui/button';
import { useIntlFormat } from '@/lib/intl-format';
import { unavailableMessage } from '@/lib/unavailable-message';
import { usePageTitle } from '@/lib/use-page-title';
import { latestDraft, resumePathOf, useDeleteDraft, useMyDrafts } from '../api/drafts';

const TYPES = [
  { key: 'registered', to: '/registeredapplication/registration/registeredprovider' },
  { key: 'unregistered', to: '/registeredapplication/registration/unregisteredprovider' },
] as const;

/** registeredapplication: start a new application as one of the two provider types, or resume. */
export function StartApplicationPage() {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const drafts = useMyDrafts();
  usePageTitle(t('application.start.title'));
  const latest = latestDraft(drafts.data ?? []);
  const resumePath = resumePathOf(latest);
  const discard = useDeleteDraft();
  const [confirming, setConfirming] = useState(false);
  const dialogId = useId();

  return (
    <div className="mx-auto max-w-4xl space-y-8">
      <div className="space-y-3">
        <h1 className="text-3xl font-bold">{t('application.start.title')}</h1>
        <p className="text-lg">{t('application.start.lead')}</p>
      </div>
      {latest && resumePath ? (
        <section
          aria-labelledby="resume-heading"
          className="rounded-md border-s-4 border-blue-700 bg-blue-50 p-4 dark:border-blue-400 dark:bg-slate-800"
        >
          <h2 id="resume-heading" className="text-xl font-semibold">
            {t('application.start.resume')}
          </h2>
          <p className="mt-1">{t('application.start.resumeBody', { date: format.dayOf(latest.updatedAt) })}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Link to={resumePath} className={buttonClasses('primary')}>
              {t('application.start.resume')}
            </Link>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t('application.start.discard')}
            </Button>
          </div>
          {discard.isError && !confirming ? (
            <div className="mt-3">
              <Alert tone="error">{unavailableMessage(t, discard.error) ?? t('application.start.discardFailed')}</Alert>
            </div>
          ) : null}
        </section>
      ) : null}
      <p role="status">{discard.isSuccess ? t('application.start.discarded') : null}</p>
      {confirming && latest ? (
        <AlertDialog
          titleId={`${dialogId}-title`}
          descriptionId={`${dialogId}-body`}
          onEscape={discard.isPending ? undefined : () => setConfirming(false)}
        >
          <div className="space-y-4">
            <h2 id={`${dialogId}-title`} className="text-xl font-semibold">
              {t('application.start.discardTitle')}
            </h2>
            <p id={`${dialogId}-body`}>{t('application.start.discardBody')}</p>
            {discard.isError ? (
              <Alert tone="error">{unavailableMessage(t, discard.error) ?? t('application.start.discardFailed')}</Alert>
            ) : null}
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={discard.isPending}>
                {t('application.start.discardKeep')}
              </Button>
              <Button
                onClick={() => {
                  // One press, one send (ADR 050): a second press while it is sent does nothing.
                  if (discard.isPending) return;
                  discard.mutate(latest.id, { onSuccess: () => setConfirming(false) });
                }}
              >
                {t('application.start.discardConfirm')}
              </Button>
            </div>
          </div>
        </AlertDialog>
      ) : null}
      <ul className="grid gap-6 md:grid-cols-2">
        {TYPES.map((type) => (
          <li
            key={type.key}
            className="flex flex-col gap-4 rounded-xl border border-slate-200 p-6 dark:border-slate-700"
          >
            <h2 className="text-xl font-semibold">{t(`application.start.${type.key}.title`)}</h2>
            <p className="grow">{t(`application.start.${type.key}.body`)}</p>
            <Link
              to={type.to}
              className={buttonClasses('secondary')}
              aria-label={`${t('application.start.begin')}: ${t(`application.start.${type.key}.title`)}`}
            >
              {t('application.start.begin')}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
