import type { Rfi, RfiDocument } from '@ccap/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/lib/use-page-title';
import { useCompleteRfi } from '../api/complete-rfi';
import { useDownloadRfiDocument } from '../api/download-rfi-document';
import { useRfiPermissions } from '../api/get-rfi-permissions';
import { useRfis } from '../api/get-rfis';
import { RfiForm } from '../components/rfi-form';
import { RfiList } from '../components/rfi-list';
import { logRfiError, rfiErrorMessage } from '../rfi-errors';

const applicationIdOf = (raw: string | undefined) => {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * rfi/{id} and rfi-v1/{id} (spec section 2): the application's requests for information and
 * the form to answer one or, for staff of its county, to request one.
 */
export function RfiPage() {
  const { t } = useTranslation();
  usePageTitle(t('rfi.title'));
  const applicationId = applicationIdOf(useParams().id);
  return (
    <div className="max-w-3xl space-y-8">
      <h1 className="text-3xl font-bold">{t('rfi.heading')}</h1>
      {applicationId ? (
        <RfiWorkspace applicationId={applicationId} />
      ) : (
        <Alert tone="error">{t('rfi.errors.notFound')}</Alert>
      )}
    </div>
  );
}

function RfiWorkspace({ applicationId }: { applicationId: number }) {
  const { t } = useTranslation();
  const permissions = useRfiPermissions(applicationId);
  const rfis = useRfis(applicationId);
  const complete = useCompleteRfi(applicationId);
  const download = useDownloadRfiDocument();
  const [actionError, setActionError] = useState<string>();
  const failed = permissions.error ?? rfis.error;

  const fail = (error: unknown) => {
    logRfiError(error);
    setActionError(rfiErrorMessage(t, error));
  };
  const onDownload = (document: RfiDocument) => {
    setActionError(undefined);
    download.mutate(document, { onError: fail });
  };
  const onComplete = (rfi: Rfi) => {
    setActionError(undefined);
    complete.mutate(rfi.rfiId, { onError: fail });
  };

  if (failed) {
    logRfiError(failed);
    return <Alert tone="error">{rfiErrorMessage(t, failed)}</Alert>;
  }
  if (!permissions.data || !rfis.data) return <Spinner label={t('app.loading')} />;
  const staff = permissions.data.mode === 'service-worker';
  const answering = rfis.data.find((rfi) => rfi.status === 'pending');
  const canSend = staff ? permissions.data.canRequest : permissions.data.canReply && answering !== undefined;
  return (
    <>
      <p>{t('rfi.intro', { id: applicationId })}</p>
      <section aria-labelledby="rfi-list-heading" className="space-y-4">
        <h2 id="rfi-list-heading" className="text-2xl font-bold">
          {t('rfi.list.heading')}
        </h2>
        {actionError ? <Alert tone="error">{actionError}</Alert> : null}
        <RfiList
          rfis={rfis.data}
          canComplete={staff}
          completingId={complete.isPending ? complete.variables : undefined}
          onComplete={onComplete}
          onDownload={onDownload}
        />
      </section>
      <section aria-labelledby="rfi-form-heading" className="space-y-4">
        <h2 id="rfi-form-heading" className="text-2xl font-bold">
          {t('rfi.form.title')}
        </h2>
        {canSend ? (
          <RfiForm permissions={permissions.data} answering={staff ? undefined : answering} />
        ) : (
          <Alert tone="info">{t(staff ? 'rfi.form.closedForRequests' : 'rfi.form.nothingToAnswer')}</Alert>
        )}
      </section>
    </>
  );
}
