import { type StaffApplication, undecidedStatuses } from '@ccap/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLookupLabels } from '@/components/application/lookup-labels';
import { ReviewAnswers } from '@/components/application/review-answers';
import { Alert } from '@/components/ui/alert';
import { Button, linkClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth/current-user';
import { useIntlFormat } from '@/lib/intl-format';
import { usePageTitle } from '@/lib/use-page-title';
import { useAssignApplication } from '../api/assign-application';
import { useLookups } from '@/api/get-lookups';
import { useStaffApplication } from '../api/get-staff-application';
import { AuditTable } from '../components/audit-table';
import { DocumentsChecklist } from '../components/documents-checklist';
import { ProtectedAnswers } from '../components/protected-answers';
import { RecordApproval } from '../components/record-approval';
import { ConfirmDialog } from '../components/reason-dialog';
import { StaffNav } from '../components/staff-nav';
import { StatusActions } from '../components/status-actions';
import { staffErrorMessage } from '../staff-errors';
import { statusLabel, typeLabel } from '../staff-labels';

export interface ReviewPageProps {
  /**
   * The application's requests for information (their thread and the request form), which
   * belong to the RFI feature: app/ composes them in. Without it the page links to the RFI page.
   */
  rfiPanel?: (applicationId: number) => ReactNode;
}

/** /staff/applications/{id}: one application under review. */
export function ReviewPage({ rfiPanel }: ReviewPageProps) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const application = useStaffApplication(id);
  usePageTitle(
    application.data ? t('staff.review.title', { name: application.data.providerName }) : t('staff.review.loading'),
  );
  return (
    <div className="space-y-8">
      <StaffNav />
      <p>
        <Link to="/staff" className={linkClasses}>
          {t('staff.review.backToQueue')}
        </Link>
      </p>
      {application.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : application.isError ? (
        <>
          <h1 className="text-3xl font-bold">{t('staff.review.loading')}</h1>
          <Alert tone="error">{staffErrorMessage(t, application.error)}</Alert>
        </>
      ) : (
        <Review application={application.data} rfiPanel={rfiPanel} />
      )}
    </div>
  );
}

function Review({ application, rfiPanel }: { application: StaffApplication } & ReviewPageProps) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const me = useCurrentUser();
  const lookups = useLookups();
  const labels = useLookupLabels(lookups.data?.data ?? []);
  const assign = useAssignApplication();
  const [assignError, setAssignError] = useState<string>();
  const [confirmTakeOver, setConfirmTakeOver] = useState(false);
  // The pressed button gives way to the other one ("Give back" after taking it): focus follows
  // to it once the page shows the new assignment, rather than falling back to the page's start.
  const assignment = useRef<HTMLSpanElement>(null);
  const refocusWhenMine = useRef<boolean>(undefined);
  const assignTo = (assignee: 'me' | null) => {
    setAssignError(undefined);
    return assign.mutateAsync({ id: application.applicationId, assignee, version: application.version }).then(
      () => {
        refocusWhenMine.current = assignee === 'me';
        setConfirmTakeOver(false);
      },
      (error: unknown) => setAssignError(staffErrorMessage(t, error)),
    );
  };
  const facts: [string, string][] = [
    [t('staff.queue.columns.applicationId'), String(application.applicationId)],
    [t('staff.queue.columns.providerType'), typeLabel(t, application.providerType)],
    [t('staff.queue.columns.county'), application.county ?? '—'],
    [t('staff.queue.columns.status'), statusLabel(t, application.status)],
    [t('staff.queue.columns.submittedAt'), format.dayOf(application.submittedAt)],
    [
      t('staff.queue.columns.daysWaiting'),
      `${format.number(application.daysWaiting)}${application.overdue ? ` · ${t('staff.queue.overdue')}` : ''}`,
    ],
    [
      t('staff.queue.columns.assignee'),
      application.assignee
        ? application.assignee.id === me.data?.id
          ? t('staff.queue.me')
          : application.assignee.name
        : t('staff.queue.unassigned'),
    ],
  ];
  const mine = application.assignee?.id === me.data?.id;
  // A decided or withdrawn application keeps its assignee: the API refuses to change it.
  const open = (undecidedStatuses as readonly string[]).includes(application.status);
  // A colleague's application is taken over only after saying so: one click used to take it.
  const colleague = application.assignee && !mine ? application.assignee : undefined;
  useEffect(() => {
    if (refocusWhenMine.current === undefined || refocusWhenMine.current !== mine) return;
    const button = assignment.current?.querySelector('button');
    if (!button) return;
    button.focus();
    refocusWhenMine.current = undefined;
  });
  return (
    <>
      <h1 className="text-3xl font-bold">{application.providerName}</h1>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,14rem)_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {application.status === 'approved' ? (
        <p>
          <Link to={`/staff/records/${application.applicationId}`} className={linkClasses}>
            {t('staff.review.providerRecord')}
          </Link>
        </p>
      ) : null}
      {application.status === 'approved' ? <RecordApproval applicationId={application.applicationId} /> : null}
      <div className="flex flex-wrap items-center gap-4">
        <span ref={assignment} className="contents">
          {application.allowedActions.length > 0 && !mine ? (
            <Button variant="secondary" onClick={() => (colleague ? setConfirmTakeOver(true) : void assignTo('me'))}>
              {colleague ? t('staff.review.takeOver', { name: colleague.name }) : t('staff.queue.assignToMe')}
            </Button>
          ) : null}
          {mine && open ? (
            <Button variant="secondary" onClick={() => void assignTo(null)}>
              {t('staff.review.giveBack')}
            </Button>
          ) : null}
        </span>
        {rfiPanel ? null : (
          <Link to={`/rfi-v1/${application.applicationId}`} className={linkClasses}>
            {t('staff.review.rfiLink')}
          </Link>
        )}
      </div>
      {assignError && !confirmTakeOver ? <Alert tone="error">{assignError}</Alert> : null}
      {confirmTakeOver && colleague ? (
        <ConfirmDialog
          title={t('staff.review.takeOverTitle')}
          body={t('staff.review.takeOverBody', { name: colleague.name })}
          confirmLabel={t('staff.review.takeOver', { name: colleague.name })}
          needsReason={false}
          pending={assign.isPending}
          error={assignError}
          onConfirm={() => assignTo('me')}
          onCancel={() => setConfirmTakeOver(false)}
        />
      ) : null}
      <StatusActions application={application} />
      <DocumentsChecklist application={application} />
      {rfiPanel ? (
        <section aria-labelledby="rfi-section-heading" className="space-y-6">
          <h2 id="rfi-section-heading" className="text-xl font-semibold">
            {t('staff.queue.columns.rfis')}
          </h2>
          {rfiPanel(application.applicationId)}
        </section>
      ) : null}
      <ReviewAnswers application={application.application} lookups={labels} />
      <ProtectedAnswers applicationId={application.applicationId} application={application.application} />
      <AuditTable entries={[...application.auditTrail].reverse()} caption={t('staff.review.auditHeading')} />
    </>
  );
}
