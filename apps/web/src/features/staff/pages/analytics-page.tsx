import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { type IntlFormat, useIntlFormat } from '@/lib/intl-format';
import { usePageTitle } from '@/lib/use-page-title';
import { useStatistics } from '../api/get-statistics';
import { StaffNav } from '../components/staff-nav';
import { staffErrorMessage } from '../staff-errors';
import { statusLabel, typeLabel } from '../staff-labels';

const cell = 'px-3 py-2 text-start align-top';

/**
 * One breakdown as a table whose rows carry a bar: the numbers are the table's, the bar only
 * repeats them for the eye (aria-hidden), so nothing depends on seeing a chart.
 */
function CountTable({
  caption,
  keyHeader,
  countHeader,
  rows,
  labelOf,
  format,
  t,
}: {
  caption: string;
  keyHeader: string;
  /** The numbers' column: applications unless said otherwise. */
  countHeader?: string;
  rows: { key: string; count: number }[];
  labelOf: (key: string) => string;
  format: IntlFormat;
  t: TFunction;
}) {
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="mb-2 text-start text-lg font-semibold">{caption}</caption>
      <thead>
        <tr className="border-b-2 border-slate-400">
          <th scope="col" className={cell}>
            {keyHeader}
          </th>
          <th scope="col" className={cell}>
            {countHeader ?? t('staff.analytics.applications')}
          </th>
          <th scope="col" className={`${cell} w-1/2`}>
            <span className="sr-only">{t('staff.analytics.chart')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-slate-200 dark:border-slate-700">
            <th scope="row" className={`${cell} font-normal`}>
              {labelOf(row.key)}
            </th>
            <td className={cell}>{format.number(row.count)}</td>
            <td className={cell} aria-hidden="true">
              <div
                className="h-4 rounded bg-blue-700 dark:bg-blue-400"
                style={{ width: `${(row.count / max) * 100}%` }}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /analytics (staff): applications by status, county and type, how long decisions take, and
 * the requests for information open and past their due date.
 */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const format = useIntlFormat();
  usePageTitle(t('staff.analytics.title'));
  const stats = useStatistics();
  return (
    <div className="space-y-8">
      <StaffNav />
      <h1 className="text-3xl font-bold">{t('staff.analytics.heading')}</h1>
      {stats.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : stats.isError ? (
        <Alert tone="error">{staffErrorMessage(t, stats.error)}</Alert>
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-4">
            {(
              [
                ['total', format.number(stats.data.total)],
                ['decided', format.number(stats.data.decided)],
                ['overdue', format.number(stats.data.overdue)],
                [
                  'median',
                  stats.data.medianDaysToDecision === null
                    ? t('staff.analytics.noDecisions')
                    : format.number(stats.data.medianDaysToDecision),
                ],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="rounded-md border border-slate-300 p-4 dark:border-slate-600">
                <dt className="text-sm font-semibold">{t(`staff.analytics.${key}`)}</dt>
                <dd className="text-2xl font-bold">{value}</dd>
              </div>
            ))}
          </dl>
          <CountTable
            caption={t('staff.analytics.byStatus')}
            keyHeader={t('staff.queue.columns.status')}
            rows={stats.data.byStatus}
            labelOf={(key) => statusLabel(t, key)}
            format={format}
            t={t}
          />
          <CountTable
            caption={t('staff.analytics.byCounty')}
            keyHeader={t('staff.queue.columns.county')}
            rows={stats.data.byCounty}
            labelOf={(key) => key || '—'}
            format={format}
            t={t}
          />
          <CountTable
            caption={t('staff.analytics.byType')}
            keyHeader={t('staff.queue.columns.providerType')}
            rows={stats.data.byProviderType}
            labelOf={(key) => typeLabel(t, key)}
            format={format}
            t={t}
          />
          <CountTable
            caption={t('staff.analytics.rfisCaption')}
            keyHeader={t('staff.queue.columns.rfis')}
            countHeader={t('staff.analytics.requests')}
            rows={[
              { key: 'open', count: stats.data.rfisOpen },
              { key: 'overdue', count: stats.data.rfisOverdue },
            ]}
            labelOf={(key) => t(key === 'open' ? 'staff.analytics.rfisOpen' : 'staff.analytics.rfisOverdue')}
            format={format}
            t={t}
          />
        </>
      )}
    </div>
  );
}
