import type { ReadAuditAction } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useIntlFormat } from '@/lib/intl-format';
import { useReadLog } from '../api/get-read-log';

/** i18next reads a dot as a nesting: the action's key has underscores instead. */
const actionKey = (action: ReadAuditAction) => `readAudit.applicant.${action.replaceAll('.', '_')}`;

/**
 * The applicant's view of the read audit (ADR 084): who at the agency opened their application,
 * its PDF copy or their files, and when; the unit's name, or the person's, as the program says.
 */
export function AgencyReads({ applicationId }: { applicationId: number }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const reads = useReadLog(applicationId);
  return (
    <section
      aria-labelledby="agency-reads-heading"
      className="space-y-3 rounded-xl border border-slate-200 p-6 dark:border-slate-700"
    >
      <h2 id="agency-reads-heading" className="text-2xl font-semibold">
        {t('readAudit.applicant.heading')}
      </h2>
      <p>{t('readAudit.applicant.intro')}</p>
      {reads.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : reads.isError ? (
        <Alert tone="error">{t('readAudit.applicant.loadFailed')}</Alert>
      ) : reads.data.items.length === 0 ? (
        <p>{t('readAudit.applicant.none')}</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 dark:divide-slate-700">
            {reads.data.items.map((read, index) => (
              <li key={`${read.readAt}-${index}`} className="py-2">
                <p>
                  <time dateTime={read.readAt} className="font-semibold">
                    {format.mediumDateTime(new Date(read.readAt))}
                  </time>
                  {' · '}
                  <span className="break-words">{read.reader}</span>
                </p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {t(actionKey(read.action))}
                  {read.item ? <span className="break-all">{` (${read.item})`}</span> : null}
                </p>
              </li>
            ))}
          </ul>
          {reads.data.total > reads.data.items.length ? (
            <p className="text-sm">
              {t('readAudit.applicant.latest', {
                shown: format.number(reads.data.items.length),
                total: format.number(reads.data.total),
              })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
