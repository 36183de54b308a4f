import { type Availability, OPENING_AGE_GROUPS } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { useIntlFormat } from '@/lib/intl-format';
import { ClosureState, periodOf, searchStateOf } from './closure-state';

/**
 * A provider's closures and openings as staff read them (ADR 102): whether the search lists
 * them, every closure with its reason and state, the openings with the day each was saved.
 * Read-only: only the provider changes them.
 */
export function AvailabilityView({ availability }: { availability: Availability }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const searchState = searchStateOf(availability);
  return (
    <section aria-labelledby="record-availability-heading" className="space-y-4">
      <h2 id="record-availability-heading" className="text-xl font-semibold">
        {t('providerRecord.staffView.availability')}
      </h2>
      <Alert tone={searchState === 'listed' ? 'success' : 'info'}>
        {t(`providerRecord.staffView.search.${searchState}`)}
      </Alert>
      <h3 className="text-lg font-semibold">{t('availability.closures.heading')}</h3>
      {availability.closures.length === 0 ? (
        <p>{t('availability.closures.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-300 dark:divide-slate-700 dark:border-slate-600">
          {availability.closures.map((closure) => (
            <li key={closure.closureId} className="space-y-1 p-3">
              <p className="font-semibold">{periodOf(t, format, closure)}</p>
              <p className="break-words">{closure.reason}</p>
              <p className="flex flex-wrap items-center gap-2">
                <ClosureState state={closure.state} />
                <span className="text-sm">
                  {t('providerRecord.staffView.recordedOn', { when: format.dayOf(closure.recordedAt) })}
                </span>
              </p>
            </li>
          ))}
        </ul>
      )}
      <h3 className="text-lg font-semibold">{t('availability.openings.heading')}</h3>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,14rem)_1fr]">
        {OPENING_AGE_GROUPS.map((ageGroup) => {
          const saved = availability.openings.find((opening) => opening.ageGroup === ageGroup);
          return (
            <div key={ageGroup} className="contents">
              <dt className="font-semibold">{t(`application.lookups.AgeGroup.${ageGroup}`)}</dt>
              <dd>
                {saved
                  ? `${format.number(saved.count)} · ${t('availability.openings.updatedOn', { date: format.date(saved.updatedOn) })}${
                      saved.stale ? ` · ${t('availability.openings.notUpdatedRecently')}` : ''
                    }`
                  : t('availability.openings.never')}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
