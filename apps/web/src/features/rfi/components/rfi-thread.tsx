import type { Rfi, RfiDocument } from '@ccap/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useCompleteRfi } from '../api/complete-rfi';
import { useDownloadRfiDocument } from '../api/download-rfi-document';
import { changeRfiPermissionsQueryOptions, changeRfisQueryOptions } from '../api/get-change-rfis';
import { rfiPermissionsQueryOptions } from '../api/get-rfi-permissions';
import { rfisQueryOptions } from '../api/get-rfis';
import { logRfiError, rfiErrorMessage } from '../rfi-errors';
import { RfiForm } from './rfi-form';
import { RfiList } from './rfi-list';

export interface RfiThreadProps {
  applicationId: number;
  /** A change reported on the provider record of `applicationId`: its RFIs rather than the application's. */
  changeId?: number;
  /**
   * Inside another page (the staff review page, composed in app/): its headings one level
   * down, no introduction and no Close button, since that page has its own way back.
   */
  embedded?: boolean;
}

/**
 * An application's requests for information and the form to answer one or, for staff of its
 * county, to request one: the RFI page's body, also shown on the staff review page.
 */
export function RfiThread({ applicationId, changeId, embedded = false }: RfiThreadProps) {
  const { t } = useTranslation();
  const onChange = changeId !== undefined;
  // One pair of calls runs: the change's, or the application's.
  const changePermissions = useQuery({ ...changeRfiPermissionsQueryOptions(changeId ?? 0), enabled: onChange });
  const applicationPermissions = useQuery({ ...rfiPermissionsQueryOptions(applicationId), enabled: !onChange });
  const changeRfis = useQuery({ ...changeRfisQueryOptions(changeId ?? 0), enabled: onChange });
  const applicationRfis = useQuery({ ...rfisQueryOptions(applicationId), enabled: !onChange });
  const permissions = onChange ? changePermissions : applicationPermissions;
  const rfis = onChange ? changeRfis : applicationRfis;
  const complete = useCompleteRfi(applicationId, changeId);
  const download = useDownloadRfiDocument();
  const [actionError, setActionError] = useState<string>();
  const failed = permissions.error ?? rfis.error;
  const Heading = embedded ? 'h3' : 'h2';
  const headingClass = embedded ? 'text-lg font-semibold' : 'text-2xl font-bold';

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
  // Staff may open a second request while one is pending: the applicant answers each.
  const pending = staff ? [] : rfis.data.filter((rfi) => rfi.status === 'pending');
  const canSend = staff ? permissions.data.canRequest : permissions.data.canReply && pending.length > 0;
  return (
    <>
      {embedded ? null : <p>{t('rfi.intro', { id: applicationId })}</p>}
      <section aria-labelledby="rfi-list-heading" className="space-y-4">
        <Heading id="rfi-list-heading" className={headingClass}>
          {t('rfi.list.heading')}
        </Heading>
        {actionError ? <Alert tone="error">{actionError}</Alert> : null}
        <RfiList
          rfis={rfis.data}
          itemHeading={embedded ? 'h4' : 'h3'}
          canComplete={staff}
          completingId={complete.isPending ? complete.variables : undefined}
          onComplete={onComplete}
          onDownload={onDownload}
          {...(onChange ? { emptyText: t('rfi.change.empty') } : {})}
        />
      </section>
      <section aria-labelledby="rfi-form-heading" className="space-y-4">
        <Heading id="rfi-form-heading" className={headingClass}>
          {t('rfi.form.title')}
        </Heading>
        {canSend ? (
          <RfiForm permissions={{ ...permissions.data, changeId }} pending={pending} showClose={!embedded} />
        ) : (
          <Alert tone="info">
            {t(
              !staff
                ? 'rfi.form.nothingToAnswer'
                : onChange
                  ? 'rfi.change.closedForRequests'
                  : 'rfi.form.closedForRequests',
            )}
          </Alert>
        )}
      </section>
    </>
  );
}
