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

/**
 * Every credential of a record with its expiry and state, as a table (the record pages). Below
 * the small breakpoint each row stacks into a block whose cells name their column, so nothing
 * scrolls sideways at 320 px; the header row stays for screen readers.
 */
export function CredentialsTable({ credentials }: { credentials: readonly CredentialState[] }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const name = useCredentialName();
  if (credentials.length === 0) return null;
  const head = 'border-b border-slate-300 px-2 py-2 text-start align-top font-semibold dark:border-slate-600';
  const cell =
    'px-2 py-1 text-start align-top max-sm:block sm:border-b sm:border-slate-300 sm:py-2 sm:dark:border-slate-600';
  const columns = {
    completedOn: t('application.fields.completedOn'),
    expiresOn: t('credentials.table.expiresOn'),
    state: t('credentials.table.state'),
  };
  // The column's name before the value where the cells stack (hidden from the table's readers).
  const stackedLabel = (label: string) => (
    <span aria-hidden="true" className="font-semibold sm:hidden">
      {label}:{' '}
    </span>
  );
  // A credential not given has no expiry to state; one given without an expiry does not expire.
  const expiry = (entry: CredentialState) => {
    if (entry.expiresOn) return format.date(entry.expiresOn);
    return entry.status === 'missing' ? '—' : t('credentials.table.noExpiry');
  };
  return (
    <section aria-labelledby="credentials-heading" className="space-y-3">
      <h2 id="credentials-heading" className="text-2xl font-semibold">
        {t('credentials.table.heading')}
      </h2>
      <table className="w-full border-collapse text-sm max-sm:block">
        <thead className="max-sm:sr-only">
          <tr>
            <th scope="col" className={head}>
              {t('credentials.table.credential')}
            </th>
            <th scope="col" className={head}>
              {columns.completedOn}
            </th>
            <th scope="col" className={head}>
              {columns.expiresOn}
            </th>
            <th scope="col" className={head}>
              {columns.state}
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {credentials.map((entry) => (
            <tr
              key={entry.key}
              className="max-sm:block max-sm:border-b max-sm:border-slate-300 max-sm:py-2 max-sm:dark:border-slate-600"
            >
              <th scope="row" className={`${cell} font-semibold sm:font-normal`}>
                {name(entry)}
              </th>
              <td className={cell}>
                {stackedLabel(columns.completedOn)}
                {entry.completedOn ? format.date(entry.completedOn) : '—'}
              </td>
              <td className={cell}>
                {stackedLabel(columns.expiresOn)}
                {expiry(entry)}
              </td>
              <td className={cell}>
                {stackedLabel(columns.state)}
                {t(`credentials.status.${entry.status}`)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
