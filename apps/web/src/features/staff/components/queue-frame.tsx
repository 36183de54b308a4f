import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { linkClasses } from '@/components/ui/button';
import { ScrollRegion } from './scroll-region';

export const cell = 'px-3 py-2 text-start align-top';

/** A queue's column header: a button that sorts by it; aria-sort tells which column sorts and how. */
export function SortHeader<K extends string>({
  column,
  label,
  sort,
  order,
  onSort,
}: {
  column: K;
  label: string;
  sort: K;
  order: 'asc' | 'desc';
  onSort: (sort: K) => void;
}) {
  const active = column === sort;
  return (
    <th scope="col" className={cell} aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex min-h-11 items-center gap-1 font-semibold underline-offset-2 hover:underline"
      >
        {label}
        <span aria-hidden="true">{active ? (order === 'asc' ? '▲' : '▼') : '↕'}</span>
      </button>
    </th>
  );
}

/** A queue's table: scrollable, captioned, one header row and the rows given. */
export function QueueTableFrame({
  caption,
  minWidth,
  head,
  children,
}: {
  caption: string;
  minWidth: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <ScrollRegion label={caption}>
      <table className={`w-full ${minWidth} border-collapse text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b-2 border-slate-400">{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollRegion>
  );
}

/** Columns headed by the queue's own words (`staff.queue.columns.<sort>`), in the order given. */
export const queueColumns = <K extends string>(sorts: readonly K[]) =>
  sorts.map((sort) => ({ sort, labelKey: `staff.queue.columns.${sort}` }));

/** A row's first cells: the application's number, then the provider's name (the row's header) linking to its review. */
export function ApplicationCells({ item }: { item: { applicationId: number; providerName: string } }) {
  return (
    <>
      <td className={cell}>{item.applicationId}</td>
      <th scope="row" className={`${cell} font-normal`}>
        <Link to={`/staff/applications/${item.applicationId}`} className={linkClasses}>
          {item.providerName}
        </Link>
      </th>
    </>
  );
}

/** Sortable column headers, one a column, in the order given. */
export function SortHeaders<K extends string>({
  columns,
  label,
  sort,
  order,
  onSort,
}: {
  columns: { sort: K; labelKey: string }[];
  label: (key: string) => string;
  sort: K;
  order: 'asc' | 'desc';
  onSort: (sort: K) => void;
}) {
  return columns.map((column) => (
    <SortHeader
      key={column.sort}
      column={column.sort}
      label={label(column.labelKey)}
      sort={sort}
      order={order}
      onSort={onSort}
    />
  ));
}

/** A queue's row; a flagged one (overdue, in conflict) is tinted, and says why in words in its cells. */
export function QueueRow({ flagged, children }: { flagged: boolean; children: ReactNode }) {
  return (
    <tr className={`border-b border-slate-200 dark:border-slate-700 ${flagged ? 'bg-amber-50 dark:bg-amber-950' : ''}`}>
      {children}
    </tr>
  );
}
