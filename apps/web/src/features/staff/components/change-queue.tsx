import { type ChangeQueueSort, changeQueueSortSchema, type StaffChangeQueryInput } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useIntlFormat } from '@/lib/intl-format';
import { useChangeQueue } from '../api/get-change-queue';
import { staffErrorMessage } from '../staff-errors';
import { ExportButton, exportFiltersOf } from '../exports/export-dialog';
import { useQueueParams } from '../use-queue-params';
import { ChangeQueueFilters, type ChangeFilterValues } from './change-queue-filters';
import { ChangeQueueTable } from './change-queue-table';
import { QueuePager } from './queue-pager';

const PAGE_SIZE = 25;

/** The queue's "change" kind (`/staff?kind=change`): the reported changes, filtered, sorted, paged. */
export function ChangeQueue() {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const { params, update, order, page } = useQueueParams();
  const sortParsed = changeQueueSortSchema.safeParse(params.get('sort'));
  const sort: ChangeQueueSort = sortParsed.success ? sortParsed.data : 'submittedAt';
  const filters: ChangeFilterValues = {
    status: params.get('status') ?? '',
    county: params.get('county') ?? '',
    part: params.get('part') ?? '',
    effectiveFrom: params.get('effectiveFrom') ?? '',
    effectiveTo: params.get('effectiveTo') ?? '',
    submittedFrom: params.get('submittedFrom') ?? '',
    submittedTo: params.get('submittedTo') ?? '',
    decidedFrom: params.get('decidedFrom') ?? '',
    decidedTo: params.get('decidedTo') ?? '',
    conflicts: params.get('conflicts') === 'true',
  };
  // Values from the address go to the server as they are: it validates them (400 on nonsense).
  const { conflicts, ...chosen } = filters;
  const queue = useChangeQueue({
    ...(chosen as StaffChangeQueryInput),
    conflicts: conflicts ? 'true' : undefined,
    sort,
    order,
    page,
    pageSize: PAGE_SIZE,
  });
  const onSort = (column: ChangeQueueSort) =>
    update({ sort: column, order: column === sort && order === 'asc' ? 'desc' : 'asc', page: undefined });
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.total / PAGE_SIZE)) : 1;
  return (
    <>
      <p>{t('staff.queue.changes.intro')}</p>
      <ChangeQueueFilters
        values={filters}
        counties={queue.data?.counties ?? []}
        onApply={(values) => update({ ...values, conflicts: values.conflicts ? 'true' : undefined, page: undefined })}
      />
      <ExportButton kind="change" filters={{ ...exportFiltersOf(chosen), ...(conflicts ? { conflicts: true } : {}) }} />
      {queue.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : queue.isError ? (
        <Alert tone="error">{staffErrorMessage(t, queue.error)}</Alert>
      ) : (
        <>
          <p role="status">{t('staff.queue.changes.count', { total: format.number(queue.data.total) })}</p>
          {queue.data.items.length > 0 ? (
            <ChangeQueueTable items={queue.data.items} sort={sort} order={order} onSort={onSort} />
          ) : null}
          <QueuePager page={page} pages={pages} onPage={(next) => update({ page: String(next) })} />
        </>
      )}
    </>
  );
}
