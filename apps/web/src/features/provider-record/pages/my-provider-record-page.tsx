import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { linkClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { unavailableMessage } from '@/lib/unavailable-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useMyProviderRecord } from '../api/get-my-provider-record';
import { ApprovalNotice } from '@/components/approval/approval-notice';
import { RenewalAction } from '@/components/approval/renewal-action';
import { MyCredentials } from '@/components/credentials/record-credentials';
import { MyChanges } from '../components/my-changes';
import { RecordView } from '../components/record-view';

/**
 * /my-provider-record: the approved provider's record (issue #41): what it holds now or on a
 * day they pick, its versions and the documents on file. Without an approved application the
 * page says what the record is and when it comes.
 */
export function MyProviderRecordPage() {
  const { t } = useTranslation();
  const [on, setOn] = useState<string>();
  const record = useMyProviderRecord(on);
  usePageTitle(t('providerRecord.title'));

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">{t('providerRecord.title')}</h1>
      {record.isPending ? (
        <Spinner label={t('providerRecord.loading')} />
      ) : record.isError ? (
        <Alert tone="error">{unavailableMessage(t, record.error) ?? t('providerRecord.loadFailed')}</Alert>
      ) : record.data.record === null ? (
        <>
          <p>{t('providerRecord.none')}</p>
          <p>
            <Link to="/dashboard" className={linkClasses}>
              {t('providerRecord.toDashboard')}
            </Link>
          </p>
        </>
      ) : (
        <>
          <ApprovalNotice approval={record.data.record.approval} />
          <RenewalAction />
          <MyCredentials table />
          <MyChanges applicationId={record.data.record.applicationId} />
          <RecordView key={record.data.record.on} record={record.data.record} onShowDay={setOn} />
        </>
      )}
    </div>
  );
}
