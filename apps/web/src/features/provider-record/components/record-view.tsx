import { applicationSteps, type ProviderRecordView, type RecordPart, type RecordVersionSummary } from '@ccap/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLookups } from '@/api/get-lookups';
import { useLookupLabels } from '@/components/application/lookup-labels';
import { ReviewAnswers } from '@/components/application/review-answers';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { useDocumentTexts } from '@/lib/document-texts';
import { useIntlFormat } from '@/lib/intl-format';

/** A part of the record named as the wizard's step that asks for it. */
const stepOfPart = (part: RecordPart) => applicationSteps.filter((step) => step.field === part).at(-1)!.id;

function VersionEntry({ entry }: { entry: RecordVersionSummary }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const who =
    entry.changedBy.kind === 'agency'
      ? t('providerRecord.history.byAgency', { name: entry.changedBy.name ?? '' })
      : t(`providerRecord.history.by_${entry.changedBy.kind}`);
  return (
    <li>
      <p className="font-semibold">{t('providerRecord.history.version', { version: entry.version })}</p>
      <p>
        {entry.validTo
          ? t('providerRecord.history.inForceBetween', {
              from: format.date(entry.validFrom),
              to: format.date(entry.validTo),
            })
          : t('providerRecord.history.inForceSince', { from: format.date(entry.validFrom) })}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t('providerRecord.history.changedOn', { when: format.dayOf(entry.changedAt), who })}
      </p>
      <p className="mt-1">
        {entry.changed.length === 0
          ? t('providerRecord.history.firstVersion')
          : t('providerRecord.history.changed', {
              parts: entry.changed.map((part) => t(`application.steps.${stepOfPart(part)}.title`)).join(', '),
            })}
      </p>
      {entry.reason ? <p className="mt-1">{t('providerRecord.history.reason', { reason: entry.reason })}</p> : null}
    </li>
  );
}

/**
 * A provider's record as it was on a day: the answers in force (the wizard's review of the
 * answers), the day to look at, the versions with who changed what and why, the documents on file.
 */
export function RecordView({ record, onShowDay }: { record: ProviderRecordView; onShowDay: (day: string) => void }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const lookups = useLookups();
  const labels = useLookupLabels(lookups.data?.data ?? []);
  const documentTexts = useDocumentTexts();
  const [day, setDay] = useState(record.on);
  const show = (event: FormEvent) => {
    event.preventDefault();
    if (day) onShowDay(day);
  };
  const filed = record.documents.filter((document) => document.file !== null);
  const fromChanges = record.changeDocuments ?? [];

  return (
    <div className="space-y-8">
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,14rem)_1fr]">
        <dt className="font-semibold">{t('providerRecord.summary.licenseNumber')}</dt>
        <dd>{record.licenseNumber}</dd>
        <dt className="font-semibold">{t('providerRecord.summary.status')}</dt>
        <dd>{t(`providerRecord.status.${record.approval.lapsed ? 'lapsed' : record.status}`)}</dd>
        <dt className="font-semibold">{t('providerRecord.approval.label')}</dt>
        <dd>
          {record.approval.lapsed
            ? t('providerRecord.approval.lapsedValue', { date: format.date(record.approval.endsOn) })
            : t('providerRecord.approval.value', {
                date: format.date(record.approval.endsOn),
                days: record.approval.daysLeft,
              })}
        </dd>
        <dt className="font-semibold">{t('providerRecord.summary.county')}</dt>
        <dd>{record.county ?? t('providerRecord.summary.noCounty')}</dd>
        <dt className="font-semibold">{t('providerRecord.summary.version')}</dt>
        <dd>{t('providerRecord.history.version', { version: record.currentVersion })}</dd>
      </dl>

      <form onSubmit={show} className="flex flex-wrap items-end gap-3" aria-labelledby="record-day-heading">
        <h2 id="record-day-heading" className="sr-only">
          {t('providerRecord.onDay.heading')}
        </h2>
        <TextField
          id="record-day"
          type="date"
          label={t('providerRecord.onDay.label')}
          value={day}
          onChange={(event) => setDay(event.target.value)}
          required
        />
        <Button type="submit" variant="secondary">
          {t('providerRecord.onDay.show')}
        </Button>
      </form>

      {record.inForce ? (
        <>
          <p aria-live="polite">
            {t('providerRecord.onDay.showing', {
              day: format.date(record.on),
              version: record.inForce.version,
            })}
          </p>
          <ReviewAnswers application={record.inForce.answers} lookups={labels} />
        </>
      ) : (
        <Alert tone="info">{t('providerRecord.onDay.before', { day: format.date(record.on) })}</Alert>
      )}

      <section aria-labelledby="record-history-heading" className="space-y-3">
        <h2 id="record-history-heading" className="text-xl font-semibold">
          {t('providerRecord.history.heading')}
        </h2>
        <ol className="space-y-4 border-s-2 border-slate-300 ps-5 dark:border-slate-600">
          {[...record.history].reverse().map((entry) => (
            <VersionEntry key={entry.version} entry={entry} />
          ))}
        </ol>
      </section>

      <section aria-labelledby="record-documents-heading" className="space-y-3">
        <h2 id="record-documents-heading" className="text-xl font-semibold">
          {t('providerRecord.documents.heading')}
        </h2>
        {filed.length === 0 && fromChanges.length === 0 ? (
          <p>{t('providerRecord.documents.none')}</p>
        ) : (
          <ul className="list-disc space-y-1 ps-5">
            {filed.map((document) => {
              const texts = documentTexts(document);
              return (
                <li key={document.documentId}>
                  <span lang={texts.nameLang} className="font-semibold">
                    {texts.name}
                  </span>{' '}
                  {t('providerRecord.documents.file', {
                    file: document.file!.fileName,
                    when: format.dayOf(document.file!.uploadedAt),
                  })}
                </li>
              );
            })}
            {fromChanges.map((file) => (
              <li key={`change-${file.documentId}`}>
                <span lang="en" className="font-semibold">
                  {file.documentName}
                </span>{' '}
                {t('providerRecord.documents.file', { file: file.fileName, when: format.dayOf(file.uploadedAt) })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
