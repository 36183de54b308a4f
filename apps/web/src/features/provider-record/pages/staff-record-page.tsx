import { providerRecordQuerySchema } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { StaffRecordCredentials } from '@/components/credentials/record-credentials';
import { Alert } from '@/components/ui/alert';
import { linkClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { unavailableMessage } from '@/lib/unavailable-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useAvailability } from '../api/get-availability';
import { useProviderRecord } from '../api/get-provider-record';
import { AvailabilityView } from '../components/availability-view';
import { RecordView } from '../components/record-view';

/**
 * /staff/records/{applicationId}?on=YYYY-MM-DD: a provider's record as staff read it: the
 * version in force on the day chosen (today without one), who changed what and why, the
 * closures and openings, the documents on file. The day is in the address, so a link keeps it.
 */
export function StaffRecordPage() {
  const { t } = useTranslation();
  const applicationId = Number(useParams().applicationId);
  const [params, setParams] = useSearchParams();
  // A day that is not one shows today's version.
  const day = providerRecordQuerySchema.safeParse({ on: params.get('on') ?? undefined });
  const on = day.success ? day.data.on : undefined;
  const record = useProviderRecord(applicationId, on);
  const availability = useAvailability(applicationId);
  const title = t('providerRecord.staffView.title', { id: applicationId });
  usePageTitle(title);
  return (
    <div className="space-y-6">
      <p className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/staff" className={linkClasses}>
          {t('providerRecord.staffView.backToQueue')}
        </Link>
        <Link to={`/staff/applications/${applicationId}`} className={linkClasses}>
          {t('providerRecord.staffView.application')}
        </Link>
      </p>
      <h1 className="text-3xl font-bold">{title}</h1>
      {record.isPending ? (
        <Spinner label={t('providerRecord.loading')} />
      ) : record.isError ? (
        <Alert tone="error">{unavailableMessage(t, record.error) ?? t('providerRecord.staffView.loadFailed')}</Alert>
      ) : (
        <>
          <RecordView
            key={record.data.on}
            record={record.data}
            onShowDay={(next) => setParams(new URLSearchParams({ on: next }))}
          />
          <StaffRecordCredentials applicationId={applicationId} />
          {availability.isPending ? (
            <Spinner label={t('app.loading')} />
          ) : availability.isError ? (
            <Alert tone="error">
              {unavailableMessage(t, availability.error) ?? t('providerRecord.staffView.availabilityFailed')}
            </Alert>
          ) : (
            <AvailabilityView availability={availability.data} />
          )}
        </>
      )}
    </div>
  );
}
