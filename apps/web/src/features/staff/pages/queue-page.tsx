import {
  bulkFiltersSchema,
  type QueueItem,
  type QueueSort,
  queueSortSchema,
  REVIEW_TARGET_DAYS,
  type StaffQueueQueryInput,
} from '@ccap/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useIntlFormat } from '@/lib/intl-format';
import { usePageTitle } from '@/lib/use-page-title';
import { useAssignApplication } from '../api/assign-application';
import { useQueue } from '../api/get-queue';
import { ChangeQueue } from '../components/change-queue';
import { ExpiringQueue } from '../components/expiring-queue';
import { QueueFilters, type QueueFilterValues } from '../components/queue-filters';
import { type QueueKind, queueKinds, QueueKindSwitch } from '../components/queue-kind-switch';
import { QueuePager } from '../components/queue-pager';
import { QueueTable } from '../components/queue-table';
import { RenewalQueue } from '../components/renewal-queue';
import { StaffNav } from '../components/staff-nav';
import { staffErrorMessage } from '../staff-errors';
import { useQueueParams } from '../use-queue-params';
import { ExportButton, exportFiltersOf } from '../exports/export-dialog';
import { BulkActions } from '../components/bulk-actions';
import { useBulkSelection } from '../use-bulk-selection';

const PAGE_SIZE = 25;

/**
 * /staff: the review queue, of applications or (`?kind=change`) of the changes providers
 * reported. Its filters, sort and page live in the address, so Back and links keep them.
 */
export function QueuePage() {
  const { t } = useTranslation();
  const { params } = useQueueParams();
  const kind: QueueKind = queueKinds.find((value) => value === params.get('kind')) ?? 'application';
  const heading = {
    application: t('staff.queue.heading'),
    change: t('staff.queue.changes.heading'),
    renewal: t('staff.queue.renewals.heading'),
    expiring: t('staff.queue.expiring.heading'),
  }[kind];
  // The switch keeps focus on its link; the title, the heading and the count (a status) say what is listed.
  usePageTitle(kind === 'application' ? t('staff.queue.title') : heading);
  return (
    <div className="space-y-6">
      <StaffNav />
      <h1 className="text-3xl font-bold">{heading}</h1>
      <QueueKindSwitch kind={kind} />
      {kind === 'change' ? (
        <ChangeQueue />
      ) : kind === 'renewal' ? (
        <RenewalQueue />
      ) : kind === 'expiring' ? (
        <ExpiringQueue />
      ) : (
        <ApplicationQueue />
      )}
    </div>
  );
}

function ApplicationQueue() {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const { params, update, order, page } = useQueueParams();
  const me = useCurrentUser();
  const sortParsed = queueSortSchema.safeParse(params.get('sort'));
  const sort: QueueSort = sortParsed.success ? sortParsed.data : 'submittedAt';
  const filters: QueueFilterValues = {
    status: params.get('status') ?? '',
    county: params.get('county') ?? '',
    providerType: params.get('providerType') ?? '',
    assignee: params.get('assignee') ?? '',
    rfi: params.get('rfi') ?? '',
    search: params.get('search') ?? '',
    submittedFrom: params.get('submittedFrom') ?? '',
    submittedTo: params.get('submittedTo') ?? '',
    decidedFrom: params.get('decidedFrom') ?? '',
    decidedTo: params.get('decidedTo') ?? '',
  };
  // Values from the address go to the server as they are: it validates them (400 on nonsense).
  const queue = useQueue({ ...(filters as StaffQueueQueryInput), sort, order, page, pageSize: PAGE_SIZE });
  const assign = useAssignApplication();
  const [assignError, setAssignError] = useState<string>();
  const bulkFilters = bulkFiltersSchema.safeParse(exportFiltersOf(filters));
  const selection = useBulkSelection(
    queue.data?.items ?? [],
    queue.data?.total ?? 0,
    bulkFilters.success ? bulkFilters.data : undefined,
  );

  const onSort = (column: QueueSort) =>
    update({ sort: column, order: column === sort && order === 'asc' ? 'desc' : 'asc', page: undefined });
  const onAssign = (item: QueueItem) => {
    setAssignError(undefined);
    assign.mutate(
      { id: item.applicationId, assignee: 'me', version: item.version },
      { onError: (error) => setAssignError(staffErrorMessage(t, error)) },
    );
  };

  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.total / PAGE_SIZE)) : 1;
  return (
    <>
      <p>{t('staff.queue.intro', { days: REVIEW_TARGET_DAYS })}</p>
      <QueueFilters
        values={filters}
        counties={queue.data?.counties ?? []}
        onApply={(values) => update({ ...values, page: undefined })}
      />
      <ExportButton kind="application" filters={exportFiltersOf(filters)} />
      {assignError ? <Alert tone="error">{assignError}</Alert> : null}
      {queue.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : queue.isError ? (
        <Alert tone="error">{staffErrorMessage(t, queue.error)}</Alert>
      ) : (
        <>
          <p role="status">{t('staff.queue.count', { total: format.number(queue.data.total) })}</p>
          <BulkActions selection={selection} total={queue.data.total} />
          {queue.data.items.length > 0 ? (
            <QueueTable
              items={queue.data.items}
              sort={sort}
              order={order}
              myId={me.data?.id}
              onSort={onSort}
              onAssign={onAssign}
              assigning={assign.isPending ? assign.variables.id : undefined}
              selection={selection.rows}
            />
          ) : null}
          <QueuePager page={page} pages={pages} onPage={(next) => update({ page: String(next) })} />
        </>
      )}
    </>
  );
}
