import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { usePageTitle } from '@/lib/use-page-title';
import { RfiThread } from '../components/rfi-thread';

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
        <RfiThread applicationId={applicationId} />
      ) : (
        <Alert tone="error">{t('rfi.errors.notFound')}</Alert>
      )}
    </div>
  );
}
