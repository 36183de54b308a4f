import {
  type RenewalQueueItem,
  renewalQueueSorts,
  type StaffRenewalQueryInput,
  type StaffRenewalQueue,
} from '@ccap/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { apiRequest } from '@/lib/api-client';
import { useIntlFormat } from '@/lib/intl-format';
import { toSearch } from '../api/get-queue';
import { staffErrorMessage } from '../staff-errors';
import { statusLabel } from '../staff-labels';
import { useQueueParams } from '../use-queue-params';
import { QueuePager } from './queue-pager';
import { ApplicationCells, cell, QueueRow, QueueTableFrame, queueColumns, SortHeaders } from './queue-frame';
import { QueueFlag } from './queue-table';

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
  ...queueColumns(['applicationId', 'providerName', 'county', 'status'] as const),
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
            <QueueTableFrame
              caption={t('staff.queue.renewals.caption')}
              minWidth="min-w-[48rem]"
              head={
                <>
                  <SortHeaders columns={COLUMNS} label={(key) => t(key)} sort={sort} order={order} onSort={onSort} />
                  <th scope="col" className={`${cell} font-semibold`}>
                    {t('staff.queue.renewals.daysLeft')}
                  </th>
                </>
              }
            >
              {queue.data.items.map((item: RenewalQueueItem) => (
                <QueueRow key={item.applicationId} flagged={false}>
                  <ApplicationCells item={item} />
                  <td className={cell}>{item.county ?? '—'}</td>
                  <td className={cell}>{statusLabel(t, item.status)}</td>
                  <td className={cell}>{format.date(item.sentOn)}</td>
                  <td className={cell}>{format.date(item.endsOn)}</td>
                  <td className={cell}>
                    {format.number(item.daysLeft)}
                    {item.daysLeft < 0 ? <QueueFlag>{t('staff.queue.renewals.pastEnd')}</QueueFlag> : null}
                  </td>
                </QueueRow>
              ))}
            </QueueTableFrame>
          ) : null}
          <QueuePager page={page} pages={pages} onPage={(next) => update({ page: String(next) })} />
        </>
      )}
    </>
  );
}
