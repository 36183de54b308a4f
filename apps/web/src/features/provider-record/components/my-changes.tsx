import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses, linkClasses } from '@/components/ui/button';
import { useIntlFormat } from '@/lib/intl-format';
import { useChanges } from '../api/get-changes';
import { partTitle } from './part-title';

/** The changes the provider reported on their record, and the way to report one. */
export function MyChanges({ applicationId }: { applicationId: number }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const changes = useChanges(applicationId);
  return (
    <section aria-labelledby="my-changes-heading" className="space-y-3">
      <h2 id="my-changes-heading" className="text-xl font-semibold">
        {t('providerRecord.report.heading')}
      </h2>
      <p>
        <Link to="/my-provider-record/changes/new" className={buttonClasses('primary')}>
          {t('providerRecord.report.title')}
        </Link>
      </p>
      {changes.data && changes.data.items.length > 0 ? (
        <ul className="space-y-2">
          {changes.data.items.map((change) => (
            <li key={change.changeId}>
              <Link to={`/my-provider-record/changes/${change.changeId}`} className={linkClasses}>
                {t('providerRecord.report.changeTitle', { id: change.changeId })}
              </Link>{' '}
              {change.parts.map((part) => partTitle(t, part)).join(', ')} ·{' '}
              {t('providerRecord.change.effective', { day: format.date(change.effectiveDate) })} ·{' '}
              {t(`providerRecord.changeStatus.${change.status}`)}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
