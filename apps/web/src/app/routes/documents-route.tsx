import { staffRoles } from '@ccap/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { type DocumentsViewer, DocumentsUploadPage } from '@/features/documents/pages/documents-upload-page';
import { rfiPermissionsQueryOptions } from '@/features/rfi/api/get-rfi-permissions';
import { useCurrentUser } from '@/lib/auth/current-user';

const isStaffRole = (role: string) => (staffRoles as readonly string[]).includes(role);

/**
 * documents/{id}: the applicant's upload page, which staff of the application's county may
 * open too. Roles alone cannot tell who is looking (a service worker can also be an applicant,
 * and sees their own application as its applicant), so for anyone with a staff role the page
 * asks the RFI page's permissions call: it answers 'service-worker' only to county staff who do
 * not own the application, with the application's status. Applicants make no extra call.
 */
export function DocumentsRoute() {
  const { t } = useTranslation();
  const applicationId = Number(useParams().id);
  const me = useCurrentUser();
  const staffRole = me.data?.roles.some(isStaffRole) ?? false;
  const permissions = useQuery({ ...rfiPermissionsQueryOptions(applicationId), enabled: staffRole });
  // Wait to know who is looking rather than show staff the applicant's words first. If the
  // call fails, the page says what it says to applicants, as it did before it knew.
  if (me.isLoading || permissions.isLoading) return <Spinner label={t('documents.loading')} />;
  const viewer: DocumentsViewer =
    permissions.data?.mode === 'service-worker'
      ? { kind: 'staff', status: permissions.data.applicationStatus }
      : { kind: 'applicant' };
  return <DocumentsUploadPage viewer={viewer} />;
}
