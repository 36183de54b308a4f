import type { Availability } from '@ccap/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useIntlFormat } from '@/lib/intl-format';
import { unavailableMessage } from '@/lib/unavailable-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useCancelClosure } from './api/cancel-closure';
import { useMyAvailability } from './api/get-my-availability';
import { ClosureForm } from './closure-form';
import { ClosureState, periodOf, searchStateOf } from './components/closure-state';
import { OpeningsForm } from './openings-form';

function SearchStatus({ availability }: { availability: Availability }) {
  const { t } = useTranslation();
  const key = searchStateOf(availability);
  return (
    <section aria-labelledby="search-status-heading" className="space-y-2">
      <h2 id="search-status-heading" className="text-2xl font-semibold">
        {t('availability.status.heading')}
      </h2>
      <Alert tone={key === 'listed' ? 'success' : 'info'}>{t(`availability.status.${key}`)}</Alert>
    </section>
  );
}

function ClosuresList({ availability }: { availability: Availability }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const cancel = useCancelClosure(availability.applicationId);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string }>();
  const onCancel = (closureId: number) => {
    setMessage(undefined);
    cancel.mutate(closureId, {
      onSuccess: () => setMessage({ tone: 'success', text: t('availability.closures.cancelled') }),
      onError: (error) =>
        setMessage({ tone: 'error', text: unavailableMessage(t, error) ?? t('availability.closures.cancelFailed') }),
    });
  };
  return (
    <section aria-labelledby="closures-list-heading" className="space-y-3">
      <h3 id="closures-list-heading" className="text-xl font-semibold">
        {t('availability.closures.listHeading')}
      </h3>
      <div aria-live="polite">{message ? <Alert tone={message.tone}>{message.text}</Alert> : null}</div>
      {availability.closures.length === 0 ? (
        <p>{t('availability.closures.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-300 dark:divide-slate-700 dark:border-slate-600">
          {availability.closures.map((closure) => {
            const period = periodOf(t, format, closure);
            return (
              <li key={closure.closureId} className="flex flex-wrap items-start gap-3 p-3">
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="font-semibold">{period}</p>
                  <p className="break-words">{closure.reason}</p>
                  <p>
                    <ClosureState state={closure.state} />
                  </p>
                </div>
                {closure.state === 'upcoming' ? (
                  <Button
                    variant="secondary"
                    aria-label={t('availability.closures.cancelLabel', { period })}
                    disabled={cancel.isPending}
                    onClick={() => onCancel(closure.closureId)}
                  >
                    {t('availability.closures.cancel')}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * /my-provider-record/availability (ADR 102): the approved provider's closures and openings,
 * which the public search follows. Without an approved application the page says so and leads
 * to the dashboard.
 */
export function AvailabilityPage() {
  const { t } = useTranslation();
  const mine = useMyAvailability();
  usePageTitle(t('availability.title'));

  if (mine.isPending) return <Spinner label={t('availability.loading')} />;
  if (mine.isError)
    return <Alert tone="error">{unavailableMessage(t, mine.error) ?? t('availability.loadFailed')}</Alert>;
  const { availability } = mine.data;
  if (!availability)
    return (
      <div className="space-y-6">
        <h1 className="text-3xl font-bold">{t('availability.title')}</h1>
        <p>{t('availability.noProvider')}</p>
        <Link to="/dashboard" className={buttonClasses('primary')}>
          {t('availability.toDashboard')}
        </Link>
      </div>
    );
  return (
    <div className="max-w-4xl space-y-10">
      <div className="space-y-3">
        <h1 className="text-3xl font-bold">{t('availability.title')}</h1>
        <p className="text-lg font-semibold">{availability.providerName}</p>
        <p>{t('availability.intro')}</p>
      </div>
      <SearchStatus availability={availability} />
      <section aria-labelledby="closures-heading" className="space-y-6">
        <h2 id="closures-heading" className="text-2xl font-semibold">
          {t('availability.closures.heading')}
        </h2>
        <ClosuresList availability={availability} />
        {availability.closedForGood ? null : <ClosureForm applicationId={availability.applicationId} />}
      </section>
      {availability.closedForGood ? null : <OpeningsForm availability={availability} />}
    </div>
  );
}
