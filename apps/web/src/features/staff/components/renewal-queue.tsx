import {
  type RenewalQueueItem,
  renewalQueueSorts,
  type StaffRenewalQueryInput,
  type StaffRenewalQueue,
} from '@ccap/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { linkClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiRequest } from '@/lib/api-client';
import { useIntlFormat } from '@/lib/intl-format';
import { toSearch } from '../api/get-queue';
import { staffErrorMessage } from '../staff-errors';
import { statusLabel } from '../staff-labels';
import { useQueueParams } from '../use-queue-params';
import { QueuePager } from './queue-pager';
import { cell, SortHeader } from './queue-frame';
import { QueueFlag } from './queue-table';
import { ScrollRegion } from './scroll-region';

const PAGE_SIZE = 25;
type RenewalSort = (typeof renewalQueueSorts)[number];
const isSort = (value: string | null): value is RenewalSort =>
  (renewalQueueSorts as readonly (string | null)[]).includes(value);

/** GET /api/Staff/renewals: one page of the queue's renewals. Under the application keys: a decision refreshes it. */
const useRenewalQueue = (query: StaffRenewalQueryInput) =>
  useQuery({
    queryKey: ['staff', 'renewals', query],
    queryFn: ({ signal }) => apiRequest<StaffRenewalQueue>(`Staff/renewals?${toSearch(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

const COLUMNS: { sort: RenewalSort; labelKey: string }[] = [
  { sort: 'applicationId', labelKey: 'staff.queue.columns.applicationId' },
  { sort: 'providerName', labelKey: 'staff.queue.columns.providerName' },
  { sort: 'county', labelKey: 'staff.queue.columns.county' },
  { sort: 'status', labelKey: 'staff.queue.columns.status' },
  { sort: 'submittedAt', labelKey: 'staff.queue.renewals.sentOn' },
  { sort: 'endsOn', labelKey: 'staff.queue.renewals.endsOn' },
];

/**
 * The queue's "renewal" kind (`/staff?kind=renewal`, ADR 117): the renewals sent, each with the
 * record's last day and the days left until it, sortable; each is reviewed as an application.
 */
export function RenewalQueue() {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const { params, update, order, page } = useQueueParams();
  const sortParam = params.get('sort');
  const sort: RenewalSort = isSort(sortParam) ? sortParam : 'endsOn';
  const queue = useRenewalQueue({ sort, order, page, pageSize: PAGE_SIZE });
  const onSort = (column: RenewalSort) =>
    update({ sort: column, order: column === sort && order === 'asc' ? 'desc' : 'asc', page: undefined });
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.total / PAGE_SIZE)) : 1;
  return (
    <>
      <p>{t('staff.queue.renewals.intro')}</p>
      {queue.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : queue.isError ? (
        <Alert tone="error">{staffErrorMessage(t, queue.error)}</Alert>
      ) : (
        <>
          <p role="status">{t('staff.queue.renewals.count', { total: format.number(queue.data.total) })}</p>
          {queue.data.items.length > 0 ? (
            <ScrollRegion label={t('staff.queue.renewals.caption')}>
              <table className="w-full min-w-[48rem] border-collapse text-sm">
                <caption className="sr-only">{t('staff.queue.renewals.caption')}</caption>
                <thead>
                  <tr className="border-b-2 border-slate-400">
                    {COLUMNS.map((column) => (
                      <SortHeader
                        key={column.sort}
                        column={column.sort}
                        label={t(column.labelKey)}
                        sort={sort}
                        order={order}
                        onSort={onSort}
                      />
                    ))}
                    <th scope="col" className={`${cell} font-semibold`}>
                      {t('staff.queue.renewals.daysLeft')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {queue.data.items.map((item: RenewalQueueItem) => (
                    <tr key={item.applicationId} className="border-b border-slate-200 dark:border-slate-700">
                      <td className={cell}>{item.applicationId}</td>
                      <th scope="row" className={`${cell} font-normal`}>
                        <Link to={`/staff/applications/${item.applicationId}`} className={linkClasses}>
                          {item.providerName}
                        </Link>
                      </th>
                      <td className={cell}>{item.county ?? '—'}</td>
                      <td className={cell}>{statusLabel(t, item.status)}</td>
                      <td className={cell}>{format.date(item.sentOn)}</td>
                      <td className={cell}>{format.date(item.endsOn)}</td>
                      <td className={cell}>
                        {format.number(item.daysLeft)}
                        {item.daysLeft < 0 ? <QueueFlag>{t('staff.queue.renewals.pastEnd')}</QueueFlag> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          ) : null}
          <QueuePager page={page} pages={pages} onPage={(next) => update({ page: String(next) })} />
        </>
      )}
    </>
  );
}
