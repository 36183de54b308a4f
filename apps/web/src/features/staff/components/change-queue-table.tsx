import type { ChangeQueueItem, ChangeQueueSort } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { partTitle } from '@/components/application/part-title';
import { linkClasses } from '@/components/ui/button';
import { useIntlFormat } from '@/lib/intl-format';
import { cell, QueueFlag, RfiFigures, SortHeader } from './queue-table';
import { ScrollRegion } from './scroll-region';

const COLUMNS: { sort: ChangeQueueSort; labelKey: string }[] = [
  { sort: 'changeId', labelKey: 'staff.queue.changes.columns.changeId' },
  { sort: 'providerName', labelKey: 'staff.queue.columns.providerName' },
  { sort: 'county', labelKey: 'staff.queue.columns.county' },
  { sort: 'status', labelKey: 'staff.queue.columns.status' },
  { sort: 'effectiveDate', labelKey: 'staff.queue.changes.columns.effectiveDate' },
  { sort: 'submittedAt', labelKey: 'staff.queue.changes.columns.submittedAt' },
];

/** The reported changes as the queue's table: the same headers, flags and scroll as the applications'. */
export function ChangeQueueTable({
  items,
  sort,
  order,
  onSort,
}: {
  items: ChangeQueueItem[];
  sort: ChangeQueueSort;
  order: 'asc' | 'desc';
  onSort: (sort: ChangeQueueSort) => void;
}) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  return (
    <ScrollRegion label={t('staff.queue.changes.caption')}>
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <caption className="sr-only">{t('staff.queue.changes.caption')}</caption>
        <thead>
          <tr className="border-b-2 border-slate-400">
            {COLUMNS.slice(0, 2).map((column) => (
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
              {t('staff.queue.changes.columns.parts')}
            </th>
            {COLUMNS.slice(2).map((column) => (
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
              {t('staff.queue.columns.rfis')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={item.changeId}
              className={`border-b border-slate-200 dark:border-slate-700 ${item.conflict ? 'bg-amber-50 dark:bg-amber-950' : ''}`}
            >
              <td className={cell}>{item.changeId}</td>
              <th scope="row" className={`${cell} font-normal`}>
                <Link to={`/staff/changes/${item.changeId}`} className={linkClasses}>
                  {t('providerRecord.staff.changeOf', { id: item.changeId, name: item.providerName })}
                </Link>
              </th>
              <td className={cell}>{item.parts.map((part) => partTitle(t, part)).join(', ')}</td>
              <td className={cell}>{item.county ?? '—'}</td>
              <td className={cell}>
                {t(`providerRecord.changeStatus.${item.status}`)}
                {item.conflict ? <QueueFlag>{t('providerRecord.change.conflictShort')}</QueueFlag> : null}
                {item.appliedWithoutReview ? (
                  <span className="block text-xs">{t('providerRecord.change.withoutReview')}</span>
                ) : null}
              </td>
              <td className={cell}>{format.date(item.effectiveDate)}</td>
              <td className={cell}>{item.submittedAt ? format.dayOf(item.submittedAt) : '—'}</td>
              <td className={cell}>
                <RfiFigures item={item} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
