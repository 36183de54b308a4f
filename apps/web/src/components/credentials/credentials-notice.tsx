import type { CredentialState } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { useIntlFormat } from '@/lib/intl-format';
import { useCredentialName } from './credential-name';

/**
 * What the provider (or staff, `audience="staff"`) should know of a record's credentials
 * (ADR 115): the required ones that have expired, as an error saying what to do, and those
 * expiring within 30 days, as information. Nothing when all are in date.
 */
export function CredentialsNotice({
  credentials,
  audience = 'provider',
}: {
  credentials: readonly CredentialState[];
  audience?: 'provider' | 'staff';
}) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const name = useCredentialName();
  const expired = credentials.filter((entry) => entry.required && entry.status === 'expired');
  const expiring = credentials.filter((entry) => entry.status === 'expiring');
  const line = (entry: CredentialState) =>
    t(entry.status === 'expired' ? 'credentials.notice.expiredItem' : 'credentials.notice.expiringItem', {
      credential: name(entry),
      date: format.date(entry.expiresOn ?? ''),
    });
  return (
    <>
      {expired.length > 0 ? (
        <Alert tone="error" title={t('credentials.notice.expiredTitle')}>
          <ul className="list-disc ps-5">
            {expired.map((entry) => (
              <li key={entry.key}>{line(entry)}</li>
            ))}
          </ul>
          <p className="mt-2">
            {t(audience === 'staff' ? 'credentials.notice.expiredStaff' : 'credentials.notice.expiredWhatToDo')}
          </p>
        </Alert>
      ) : null}
      {expiring.length > 0 ? (
        <Alert tone="info" title={t('credentials.notice.expiringTitle')}>
          <ul className="list-disc ps-5">
            {expiring.map((entry) => (
              <li key={entry.key}>{line(entry)}</li>
            ))}
          </ul>
          {audience === 'provider' ? <p className="mt-2">{t('credentials.notice.expiringWhatToDo')}</p> : null}
        </Alert>
      ) : null}
    </>
  );
}

/** Every credential of a record with its expiry and state, as a table (the record pages). */
export function CredentialsTable({ credentials }: { credentials: readonly CredentialState[] }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const name = useCredentialName();
  if (credentials.length === 0) return null;
  const cell = 'border-b border-slate-300 px-2 py-2 text-start align-top dark:border-slate-600';
  return (
    <section aria-labelledby="credentials-heading" className="space-y-3">
      <h2 id="credentials-heading" className="text-2xl font-semibold">
        {t('credentials.table.heading')}
      </h2>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr>
              <th scope="col" className={`${cell} font-semibold`}>
                {t('credentials.table.credential')}
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                {t('application.fields.completedOn')}
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                {t('credentials.table.expiresOn')}
              </th>
              <th scope="col" className={`${cell} font-semibold`}>
                {t('credentials.table.state')}
              </th>
            </tr>
          </thead>
          <tbody>
            {credentials.map((entry) => (
              <tr key={entry.key}>
                <th scope="row" className={`${cell} font-normal`}>
                  {name(entry)}
                </th>
                <td className={cell}>{entry.completedOn ? format.date(entry.completedOn) : '—'}</td>
                <td className={cell}>
                  {entry.expiresOn ? format.date(entry.expiresOn) : t('credentials.table.noExpiry')}
                </td>
                <td className={cell}>{t(`credentials.status.${entry.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
