import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { linkClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useDocuments } from '../api/get-documents';
import { DocumentCard } from '../components/document-card';

/**
 * documents/{id}: one card per required document of the application (spec section 2), or a
 * clear "not found" when the application is not the user's or does not exist.
 */
export function DocumentsUploadPage() {
  const { t } = useTranslation();
  const applicationId = Number(useParams().id);
  const documents = useDocuments(applicationId);
  usePageTitle(t('documents.title'));
  // Someone else's application answers 404 like one that does not exist (DESIGN.md section 8).
  const notFound = documents.error instanceof ApiError && documents.error.status === 404;

  return (
    <div className="space-y-6">
      <nav aria-label={t('documents.breadcrumb')}>
        <ol className="flex flex-wrap gap-2 text-sm">
          <li>
            <Link to="/dashboard" className={linkClasses}>
              {t('documents.crumbs.application')}
            </Link>
            <span aria-hidden="true"> /</span>
          </li>
          <li>
            <Link to="/dashboard" className={linkClasses}>
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
      ) : (
        <p>{t('documents.lead', { id: applicationId })}</p>
      )}
      {documents.isPending ? <Spinner label={t('documents.loading')} /> : null}
      {documents.isError && !notFound ? <Alert tone="error">{t('documents.loadFailed')}</Alert> : null}
      {documents.data?.length === 0 ? <p>{t('documents.none')}</p> : null}
      {documents.data?.some((document) => !document.canUpload) ? (
        <Alert tone="info">{t('documents.errors.closed')}</Alert>
      ) : null}
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
