import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useExpiringQueue } from '@/api/get-credentials';
import { useCredentialName } from '@/components/credentials/credential-name';
import { Alert } from '@/components/ui/alert';
import { linkClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useIntlFormat } from '@/lib/intl-format';
import { cell } from './queue-frame';
import { ScrollRegion } from './scroll-region';

/**
 * The queue's "expiring soon" kind (`?kind=expiring`, ADR 116): the records in force of the
 * caller's counties with a credential expiring within 30 days or expired, soonest first, each
 * credential with its date; the provider's name leads to the record.
 */
export function ExpiringQueue() {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const name = useCredentialName();
  const queue = useExpiringQueue();
  if (queue.isPending) return <Spinner label={t('staff.queue.expiring.loading')} />;
  if (queue.isError) return <Alert tone="error">{t('staff.queue.expiring.loadFailed')}</Alert>;
  const { items, total } = queue.data;
  return (
    <div className="space-y-4">
      <p role="status">{t('staff.queue.expiring.count', { total })}</p>
      {items.length === 0 ? null : (
        <ScrollRegion label={t('staff.queue.expiring.caption')}>
          <table className="w-full min-w-[40rem] border-collapse text-sm">
            <caption className="sr-only">{t('staff.queue.expiring.caption')}</caption>
            <thead>
              <tr className="border-b-2 border-slate-400">
                <th scope="col" className={`${cell} font-semibold`}>
                  {t('staff.queue.columns.providerName')}
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  {t('staff.queue.columns.county')}
                </th>
                <th scope="col" className={`${cell} font-semibold`}>
                  {t('staff.queue.expiring.credentials')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.recordId} className="border-b border-slate-300 dark:border-slate-600">
                  <th scope="row" className={`${cell} font-normal`}>
                    <Link to={`/staff/records/${item.applicationId}`} className={linkClasses}>
                      {item.providerName}
                    </Link>
                  </th>
                  <td className={cell}>{item.county ?? '—'}</td>
                  <td className={cell}>
                    <ul className="space-y-1">
                      {item.credentials.map((entry) => (
                        <li key={entry.key}>
                          {t(
                            entry.status === 'expired'
                              ? 'credentials.notice.expiredItem'
                              : 'credentials.notice.expiringItem',
                            { credential: name(entry), date: format.date(entry.expiresOn ?? '') },
                          )}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
