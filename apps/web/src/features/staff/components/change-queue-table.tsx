import type { ChangeQueueItem, ChangeQueueSort } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { partTitle } from '@/components/application/part-title';
import { linkClasses } from '@/components/ui/button';
import { useIntlFormat } from '@/lib/intl-format';
import { cell, QueueRow, QueueTableFrame, SortHeaders } from './queue-frame';
import { QueueFlag, RfiFigures } from './queue-table';

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
  const headers = { label: (key: string) => t(key), sort, order, onSort };
  return (
    <QueueTableFrame
      caption={t('staff.queue.changes.caption')}
      minWidth="min-w-[48rem]"
      head={
        <>
          <SortHeaders columns={COLUMNS.slice(0, 2)} {...headers} />
          <th scope="col" className={`${cell} font-semibold`}>
            {t('staff.queue.changes.columns.parts')}
          </th>
          <SortHeaders columns={COLUMNS.slice(2)} {...headers} />
          <th scope="col" className={`${cell} font-semibold`}>
            {t('staff.queue.columns.rfis')}
          </th>
        </>
      }
    >
      {items.map((item) => (
        <QueueRow key={item.changeId} flagged={item.conflict}>
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
        </QueueRow>
      ))}
    </QueueTableFrame>
  );
}
