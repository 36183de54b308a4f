import { type ChangeStatus, changeStatuses } from '@ccap/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { linkClasses } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/text-field';
import { Spinner } from '@/components/ui/spinner';
import { useIntlFormat } from '@/lib/intl-format';
import { unavailableMessage } from '@/lib/unavailable-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useStaffChanges } from '../api/get-staff-changes';
import { partTitle } from '../components/part-title';

const reviewable = changeStatuses.filter((status) => status !== 'draft');

/** /staff/changes: the changes providers reported in the caller's counties, by status. */
export function StaffChangesPage() {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const [status, setStatus] = useState<ChangeStatus | undefined>('submitted');
  const changes = useStaffChanges(status);
  usePageTitle(t('providerRecord.staff.title'));
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">{t('providerRecord.staff.title')}</h1>
      <div className="max-w-xs">
        <label htmlFor="change-status" className="block font-semibold">
          {t('providerRecord.staff.status')}
        </label>
        <select
          id="change-status"
          className={fieldClasses}
          value={status ?? ''}
          onChange={(event) => setStatus((event.target.value || undefined) as ChangeStatus | undefined)}
        >
          <option value="">{t('providerRecord.staff.allStatuses')}</option>
          {reviewable.map((value) => (
            <option key={value} value={value}>
              {t(`providerRecord.changeStatus.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {changes.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : changes.isError ? (
        <Alert tone="error">{unavailableMessage(t, changes.error) ?? t('providerRecord.staff.loadFailed')}</Alert>
      ) : changes.data.items.length === 0 ? (
        <p>{t('providerRecord.staff.none')}</p>
      ) : (
        <ul className="space-y-3">
          {changes.data.items.map((change) => (
            <li key={change.changeId} className="rounded-md border border-slate-300 p-4 dark:border-slate-600">
              <p>
                <Link to={`/staff/changes/${change.changeId}`} className={linkClasses}>
                  {t('providerRecord.staff.changeOf', { id: change.changeId, name: change.providerName })}
                </Link>
              </p>
              <p>{change.parts.map((part) => partTitle(t, part)).join(', ')}</p>
              <p className="text-sm">
                {t('providerRecord.change.effective', { day: format.date(change.effectiveDate) })} ·{' '}
                {t(`providerRecord.changeStatus.${change.status}`)}
                {change.appliedWithoutReview ? ` · ${t('providerRecord.change.withoutReview')}` : ''}
                {change.conflict ? ` · ${t('providerRecord.change.conflictShort')}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
