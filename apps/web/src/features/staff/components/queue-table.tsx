import { applicationListingKeys, type QueueItem, type QueueSort, undecidedStatuses } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { useIntlFormat } from '@/lib/intl-format';
import { statusLabel, typeLabel } from '../staff-labels';
import { ApplicationCells, cell, QueueRow, QueueTableFrame, queueColumns, SortHeaders } from './queue-frame';

const COLUMNS: { sort: QueueSort; labelKey: string }[] = [
  ...queueColumns([...applicationListingKeys, 'daysWaiting', 'assignee'] as const),
  { sort: 'nextRfiDueAt', labelKey: 'staff.queue.columns.rfis' },
];

/** Which rows are chosen for a bulk action, and how the checkboxes change that. */
export interface RowSelection {
  isSelected: (applicationId: number) => boolean;
  onToggle: (item: QueueItem, selected: boolean) => void;
  /** Whether every row of the page is chosen, some are, or none. */
  page: 'all' | 'some' | 'none';
  onTogglePage: (selected: boolean) => void;
}

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
  selection,
}: {
  items: QueueItem[];
  sort: QueueSort;
  order: 'asc' | 'desc';
  myId: string | undefined;
  onSort: (sort: QueueSort) => void;
  onAssign: (item: QueueItem) => void;
  assigning: number | undefined;
  selection: RowSelection;
}) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  return (
    <QueueTableFrame
      caption={t('staff.queue.caption')}
      minWidth="min-w-[60rem]"
      head={
        <>
          <th scope="col" className={cell}>
            <SelectBox
              label={t('staff.bulk.selectPage')}
              checked={selection.page === 'all'}
              indeterminate={selection.page === 'some'}
              onChange={selection.onTogglePage}
            />
          </th>
          <SortHeaders columns={COLUMNS} label={(key) => t(key)} sort={sort} order={order} onSort={onSort} />
        </>
      }
    >
      {items.map((item) => (
        <QueueRow key={item.applicationId} flagged={item.overdue}>
          <td className={cell}>
            <SelectBox
              label={t('staff.bulk.selectRow', { name: item.providerName })}
              checked={selection.isSelected(item.applicationId)}
              onChange={(checked) => selection.onToggle(item, checked)}
            />
          </td>
          <ApplicationCells item={item} />
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

/** A checkbox with a spoken label and a 44 px target; `indeterminate` for a page partly chosen. */
function SelectBox({
  label,
  checked,
  indeterminate = false,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  // "Mixed" is a DOM property only: no attribute sets it.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className="-m-2 inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
      <input
        ref={ref}
        type="checkbox"
        className="size-5"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="sr-only">{label}</span>
    </label>
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
