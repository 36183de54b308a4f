import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { linkClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/lib/use-page-title';
import { useDocuments } from '../api/get-documents';
import { DocumentCard } from '../components/document-card';

/** documents/{id}: one card per required document of the application (spec section 2). */
export function DocumentsUploadPage() {
  const { t } = useTranslation();
  const applicationId = Number(useParams().id);
  const documents = useDocuments(applicationId);
  usePageTitle(t('documents.title'));

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
      <p>{t('documents.lead', { id: applicationId })}</p>
      {documents.isPending ? <Spinner label={t('documents.loading')} /> : null}
      {documents.isError ? <Alert tone="error">{t('documents.loadFailed')}</Alert> : null}
      {documents.data?.length === 0 ? <p>{t('documents.none')}</p> : null}
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
