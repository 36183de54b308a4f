import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title';
import { ApiKeysSection } from '../components/api-keys-section';
import { GrantRoleForm } from '../components/grant-role-form';
import { StaffTable } from '../components/staff-table';

/** /staff/admin (administrators only): who holds which staff role, granting and removing them;
 * the integration API's keys. */
export function StaffAdminPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.title'));
  return (
    <div className="space-y-10">
      <h1 className="text-3xl font-bold">{t('admin.heading')}</h1>
      <StaffTable />
      <GrantRoleForm />
      <ApiKeysSection />
    </div>
  );
}
