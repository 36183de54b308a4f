import { type QueueItem, type QueueSort, undecidedStatuses } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, linkClasses } from '@/components/ui/button';
import { useIntlFormat } from '@/lib/intl-format';
import { statusLabel, typeLabel } from '../staff-labels';
import { cell, QueueRow, QueueTableFrame, SortHeaders } from './queue-frame';

const COLUMNS: { sort: QueueSort; labelKey: string }[] = [
  { sort: 'applicationId', labelKey: 'staff.queue.columns.applicationId' },
  { sort: 'providerName', labelKey: 'staff.queue.columns.providerName' },
  { sort: 'providerType', labelKey: 'staff.queue.columns.providerType' },
  { sort: 'county', labelKey: 'staff.queue.columns.county' },
  { sort: 'status', labelKey: 'staff.queue.columns.status' },
  { sort: 'submittedAt', labelKey: 'staff.queue.columns.submittedAt' },
  { sort: 'daysWaiting', labelKey: 'staff.queue.columns.daysWaiting' },
  { sort: 'assignee', labelKey: 'staff.queue.columns.assignee' },
  { sort: 'nextRfiDueAt', labelKey: 'staff.queue.columns.rfis' },
];

/** A flag beside a cell's value, in words (not only in colour). */
export function QueueFlag({ children }: { children: string }) {
  return <span className="ms-2 rounded bg-amber-800 px-1.5 py-0.5 text-xs font-semibold text-white">{children}</span>;
}

/**
 * The queue as a table: each column header is a button that sorts by it (aria-sort tells
 * which column sorts and how); an overdue row, or a request for information past its due
 * date, says so in words, not only in colour.
 */
export function QueueTable({
  items,
  sort,
  order,
  myId,
  onSort,
  onAssign,
  assigning,
}: {
  items: QueueItem[];
  sort: QueueSort;
  order: 'asc' | 'desc';
  myId: string | undefined;
  onSort: (sort: QueueSort) => void;
  onAssign: (item: QueueItem) => void;
  assigning: number | undefined;
}) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  return (
    <QueueTableFrame
      caption={t('staff.queue.caption')}
      minWidth="min-w-[56rem]"
      head={<SortHeaders columns={COLUMNS} label={(key) => t(key)} sort={sort} order={order} onSort={onSort} />}
    >
      {items.map((item) => (
        <QueueRow key={item.applicationId} flagged={item.overdue}>
          <td className={cell}>{item.applicationId}</td>
          <th scope="row" className={`${cell} font-normal`}>
            <Link to={`/staff/applications/${item.applicationId}`} className={linkClasses}>
              {item.providerName}
            </Link>
          </th>
          <td className={cell}>{typeLabel(t, item.providerType)}</td>
          <td className={cell}>{item.county ?? '—'}</td>
          <td className={cell}>{statusLabel(t, item.status)}</td>
          <td className={cell}>{format.dayOf(item.submittedAt)}</td>
          <td className={cell}>
            {format.number(item.daysWaiting)}
            {item.overdue ? <QueueFlag>{t('staff.queue.overdue')}</QueueFlag> : null}
          </td>
          <td className={cell}>
            {item.assignee ? (
              item.assignee.id === myId ? (
                t('staff.queue.me')
              ) : (
                item.assignee.name
              )
            ) : !(undecidedStatuses as readonly string[]).includes(item.status) ? (
              // Decided or withdrawn: nobody can take it any more (the API refuses).
              t('staff.queue.unassigned')
            ) : (
              <Button
                variant="secondary"
                className="min-h-9 px-2 py-1 text-sm"
                onClick={() => onAssign(item)}
                disabled={assigning === item.applicationId}
                aria-label={t('staff.queue.assignToMeFor', { name: item.providerName })}
              >
                {t('staff.queue.assignToMe')}
              </Button>
            )}
          </td>
          <td className={cell}>
            <RfiFigures item={item} />
          </td>
        </QueueRow>
      ))}
    </QueueTableFrame>
  );
}

/** A row's pending requests for information: how many, the next due date, and whether one is past it. */
export function RfiFigures({
  item,
}: {
  item: { openRfiCount: number; nextRfiDueAt: string | null; rfiOverdue: boolean };
}) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  return (
    <>
      {item.openRfiCount === 0
        ? t('staff.queue.noRfis')
        : item.nextRfiDueAt
          ? t('staff.queue.openRfis', {
              number: format.number(item.openRfiCount),
              due: format.date(item.nextRfiDueAt),
            })
          : // Every pending request is answered: they wait for staff to complete them.
            t('staff.queue.openRfisAnswered', { number: format.number(item.openRfiCount) })}
      {item.rfiOverdue ? <QueueFlag>{t('staff.queue.rfiPastDue')}</QueueFlag> : null}
    </>
  );
}
