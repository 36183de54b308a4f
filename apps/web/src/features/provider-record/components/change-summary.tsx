import type { ProviderChange } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { useIntlFormat } from '@/lib/intl-format';
import { partTitle } from './part-title';

/** A change at a glance: provider, parts, day, status, note and the documents it needs. */
export function ChangeSummary({ change }: { change: ProviderChange }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  return (
    <div className="space-y-4">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,14rem)_1fr]">
        <dt className="font-semibold">{t('providerRecord.change.provider')}</dt>
        <dd>{change.providerName}</dd>
        <dt className="font-semibold">{t('providerRecord.change.parts')}</dt>
        <dd>{change.parts.map((part) => partTitle(t, part)).join(', ')}</dd>
        <dt className="font-semibold">{t('providerRecord.change.effectiveDate')}</dt>
        <dd>{format.date(change.effectiveDate)}</dd>
        <dt className="font-semibold">{t('providerRecord.summary.status')}</dt>
        <dd>
          {t(`providerRecord.changeStatus.${change.status}`)}
          {change.appliedWithoutReview ? ` · ${t('providerRecord.change.withoutReview')}` : ''}
        </dd>
        {change.note ? (
          <>
            <dt className="font-semibold">{t('providerRecord.change.note')}</dt>
            <dd className="break-words">{change.note}</dd>
          </>
        ) : null}
      </dl>
      {change.documentsNeeded.length > 0 ? (
        <section aria-labelledby={`change-${change.changeId}-documents`}>
          <h2 id={`change-${change.changeId}-documents`} className="text-lg font-semibold">
            {t('providerRecord.change.documentsNeeded')}
          </h2>
          <ul className="mt-2 list-disc space-y-1 ps-5">
            {change.documentsNeeded.map((document) => (
              <li key={`${document.code}-${document.documentName}`} lang="en">
                {document.documentName}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
