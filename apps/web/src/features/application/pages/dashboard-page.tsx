import { APPROVAL_ENDING_SOON_DAYS, type ProviderApplication } from '@ccap/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApprovalNotice } from '@/components/approval/approval-notice';
import { MyCredentials } from '@/components/credentials/record-credentials';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useIntlFormat } from '@/lib/intl-format';
import { unavailableMessage } from '@/lib/unavailable-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useDocumentTexts } from '@/lib/document-texts';
import { useApprovalTerm } from '../api/get-approval-term';
import { RenewalAction } from '@/components/approval/renewal-action';
import { useDashboard } from '../api/get-dashboard';
import { latestDraft, resumePathOf, useMyDrafts } from '../api/drafts';
import { AgencyReads } from '../components/agency-reads';

/**
 * What the provider should do now, from the application's status and what is still open.
 * Documents are asked for only while the API says they are required: a decided or withdrawn
 * application takes no more uploads, whatever was never sent.
 */
function nextStepOf(application: ProviderApplication, documentsRequired: boolean): string {
  if (application.openRfiCount > 0) return 'answerRfi';
  if (documentsRequired) return 'uploadDocuments';
  return application.status;
}

/**
 * An approved provider's approval end (ADR 107): the day and the days left, and in its last 90
 * days or once lapsed, what to do.
 */
function ApprovalTermSummary() {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const approval = useApprovalTerm(true).data?.approval;
  if (!approval) return null;
  if (approval.lapsed || approval.daysLeft <= APPROVAL_ENDING_SOON_DAYS) {
    return (
      <>
        <ApprovalNotice approval={approval} />
        <RenewalAction />
      </>
    );
  }
  return <p>{t('providerRecord.approval.endsOn', { date: format.date(approval.endsOn), days: approval.daysLeft })}</p>;
}

function ApplicationSummary({
  application,
  documentsRequired,
}: {
  application: ProviderApplication;
  documentsRequired: boolean;
}) {
  const { t } = useTranslation();
  const documentTexts = useDocumentTexts();
  const format = useIntlFormat();
  const day = (moment: string) => format.dayOf(moment);
  const next = nextStepOf(application, documentsRequired);
  return (
    <section
      aria-labelledby="application-heading"
      className="space-y-6 rounded-xl border border-slate-200 p-6 dark:border-slate-700"
    >
      <h2 id="application-heading" className="text-2xl font-semibold">
        {t('dashboard.application.heading', { id: application.applicationId })}
      </h2>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,12rem)_1fr]">
        <dt className="font-semibold">{t('dashboard.application.provider')}</dt>
        <dd>{application.providerName}</dd>
        <dt className="font-semibold">{t('dashboard.application.type')}</dt>
        <dd>{t(`application.wizard.title.${application.providerType}`)}</dd>
        <dt className="font-semibold">{t('dashboard.application.status')}</dt>
        <dd>
          <span className="rounded-full border border-slate-400 px-3 py-0.5 font-semibold">
            {t(`dashboard.status.${application.status}`)}
          </span>
        </dd>
        <dt className="font-semibold">{t('dashboard.application.submitted')}</dt>
        <dd>{day(application.submittedAt)}</dd>
      </dl>
      <div>
        <h3 className="text-lg font-semibold">{t('dashboard.next.heading')}</h3>
        <p className="mt-1">
          {t(`dashboard.next.${next}`, {
            count: next === 'answerRfi' ? application.openRfiCount : application.missingDocuments.length,
          })}
        </p>
      </div>
      {documentsRequired && application.missingDocuments.length > 0 ? (
        <div>
          <h3 className="text-lg font-semibold">{t('dashboard.missing.heading')}</h3>
          <ul className="mt-2 list-disc space-y-1 ps-5">
            {application.missingDocuments.map((document) => {
              const texts = documentTexts(document);
              return (
                <li key={document.documentId} lang={texts.nameLang}>
                  {texts.name}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      <div>
        <h3 className="text-lg font-semibold">{t('dashboard.timeline.heading')}</h3>
        <ol className="mt-3 space-y-3 border-s-2 border-slate-300 ps-5 dark:border-slate-600">
          {application.statusHistory.map((change, index) => (
            <li key={`${change.changedAt}-${index}`}>
              <p className="font-semibold">{t(`dashboard.status.${change.status}`)}</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                <time dateTime={change.changedAt}>{day(change.changedAt)}</time>
              </p>
              {change.reason ? <p className="mt-1">{change.reason}</p> : null}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/**
 * The page the user asked for when the portal opened the dashboard instead, having no
 * application to open it for ("Go To RFI" with no application yet): the router says so in
 * the navigation's state.
 */
function noApplicationFor(state: unknown): 'rfi-v1' | 'documents' | undefined {
  const value = (state as { noApplicationFor?: unknown } | null)?.noApplicationFor;
  return value === 'rfi-v1' || value === 'documents' ? value : undefined;
}

/**
 * /dashboard (spec section 2): the buttons appear exactly under the spec's conditions: upload
 * only while documents are required, create and resume only without an application, the RFI
 * page always. Beyond the spec: the application's status, its timeline and what to do next.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dashboard = useDashboard();
  const drafts = useMyDrafts();
  const [noDraft, setNoDraft] = useState(false);
  const redirectedFrom = noApplicationFor(useLocation().state);
  usePageTitle(t('dashboard.title'));

  const resume = () => {
    const path = resumePathOf(latestDraft(drafts.data ?? []));
    if (path) return void navigate(path);
    // Spec section 8: resuming with no draft set logs an error; the user is told too.
    console.error('Pick where you left: there is no draft to resume');
    setNoDraft(true);
  };

  if (dashboard.isPending) return <Spinner label={t('dashboard.loading')} />;
  if (dashboard.isError)
    return <Alert tone="error">{unavailableMessage(t, dashboard.error) ?? t('dashboard.loadFailed')}</Alert>;
  const { applicationId, isDocumentRequired, providerApplication } = dashboard.data;

  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">{t('dashboard.title')}</h1>
      <div className="flex flex-wrap gap-3">
        {isDocumentRequired && applicationId ? (
          <Link to={`/documents/${applicationId}`} className={buttonClasses('primary')}>
            {t('dashboard.actions.uploadMissing')}
          </Link>
        ) : null}
        {applicationId === null ? (
          <>
            <Link to="/registeredapplication" className={buttonClasses('primary')}>
              {t('dashboard.actions.create')}
            </Link>
            <Button variant="secondary" onClick={resume} disabled={drafts.isPending}>
              {t('dashboard.actions.resume')}
            </Button>
          </>
        ) : null}
        <Link to={`/rfi-v1/${applicationId ?? 0}`} className={buttonClasses('secondary')}>
          {t('dashboard.actions.rfi')}
        </Link>
        {providerApplication?.status === 'approved' ? (
          <>
            <Link to="/my-provider-record" className={buttonClasses('secondary')}>
              {t('dashboard.actions.providerRecord')}
            </Link>
            <Link to="/my-provider-record/availability" className={buttonClasses('secondary')}>
              {t('dashboard.actions.availability')}
            </Link>
          </>
        ) : null}
      </div>
      {redirectedFrom && applicationId === null ? (
        <Alert tone="info">{t(`dashboard.noApplicationFor.${redirectedFrom}`)}</Alert>
      ) : null}
      {noDraft ? <Alert tone="info">{t('application.start.noDraft')}</Alert> : null}
      {providerApplication?.status === 'approved' ? (
        <>
          <ApprovalTermSummary />
          <MyCredentials />
        </>
      ) : null}
      {providerApplication ? (
        <>
          <ApplicationSummary application={providerApplication} documentsRequired={isDocumentRequired} />
          <AgencyReads applicationId={providerApplication.applicationId} />
        </>
      ) : (
        <p>{t('dashboard.noApplication')}</p>
      )}
    </div>
  );
}
