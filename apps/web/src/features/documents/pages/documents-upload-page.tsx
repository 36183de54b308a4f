import { type ApplicationStatus, statusesOpenForDocuments } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { linkClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { unavailableMessage } from '@/lib/unavailable-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useDocuments } from '../api/get-documents';
import { DocumentCard } from '../components/document-card';

/**
 * Who is looking at the page: the applicant (or someone the API treats as one), or staff of
 * the application's county who do not own it, with the application's status. Staff never
 * upload here (the API offers them no upload), so the page's words for them differ.
 */
export type DocumentsViewer = { kind: 'applicant' } | { kind: 'staff'; status: ApplicationStatus };

const applicant: DocumentsViewer = { kind: 'applicant' };

/** What staff are told about adding documents, by the application's status; nothing while it is open. */
function staffNoticeKey(status: ApplicationStatus): string | undefined {
  if ((statusesOpenForDocuments as readonly string[]).includes(status)) return undefined;
  if (status === 'withdrawn') return 'documents.staff.withdrawn';
  if (status === 'approved' || status === 'denied') return 'documents.staff.decided';
  return undefined;
}

/**
 * documents/{id}: one card per required document of the application (spec section 2), or a
 * clear "not found" when the application is not the user's or does not exist. Staff of the
 * county can open it too: they see what the applicant sees, in words meant for them, with a
 * way to the application's review page instead of the applicant's dashboard.
 */
export function DocumentsUploadPage({ viewer = applicant }: { viewer?: DocumentsViewer }) {
  const { t } = useTranslation();
  const applicationId = Number(useParams().id);
  const documents = useDocuments(applicationId);
  usePageTitle(t('documents.title'));
  // Someone else's application answers 404 like one that does not exist (DESIGN.md section 8).
  const notFound = documents.error instanceof ApiError && documents.error.status === 404;
  const staff = viewer.kind === 'staff';
  const reviewPath = `/staff/applications/${applicationId}`;
  const closedKey =
    viewer.kind === 'staff'
      ? staffNoticeKey(viewer.status)
      : documents.data?.some((document) => !document.canUpload)
        ? 'documents.errors.closed'
        : undefined;

  return (
    <div className="space-y-6">
      <nav aria-label={t('documents.breadcrumb')}>
        <ol className="flex flex-wrap gap-2 text-sm">
          <li>
            <Link to={staff ? reviewPath : '/dashboard'} className={linkClasses}>
              {t('documents.crumbs.application')}
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li>
            <Link to={staff ? '/staff' : '/dashboard'} className={linkClasses}>
              {t('documents.crumbs.list')}
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li aria-current="page">{t('documents.crumbs.documents')}</li>
        </ol>
      </nav>
      <h1 className="text-3xl font-bold">{t('documents.heading')}</h1>
      {notFound ? (
        <>
          <Alert tone="error">{t('documents.notFound')}</Alert>
          <p>
            <Link to="/dashboard" className={linkClasses}>
              {t('documents.toDashboard')}
            </Link>
          </p>
        </>
      ) : staff ? (
        <>
          <p>{t('documents.staff.lead', { id: applicationId })}</p>
          <p>
            <Link to={reviewPath} className={linkClasses}>
              {t('documents.staff.toReview', { id: applicationId })}
            </Link>
          </p>
        </>
      ) : (
        <p>{t('documents.lead', { id: applicationId })}</p>
      )}
      {documents.isPending ? <Spinner label={t('documents.loading')} /> : null}
      {documents.isError && !notFound ? (
        <Alert tone="error">{unavailableMessage(t, documents.error) ?? t('documents.loadFailed')}</Alert>
      ) : null}
      {documents.data?.length === 0 ? <p>{t(staff ? 'documents.staff.none' : 'documents.none')}</p> : null}
      {documents.data && closedKey ? <Alert tone="info">{t(closedKey)}</Alert> : null}
      {documents.data ? (
        <ul className="grid gap-6 lg:grid-cols-2">
          {documents.data.map((document) => (
            <DocumentCard key={document.documentId} applicationId={applicationId} document={document} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
