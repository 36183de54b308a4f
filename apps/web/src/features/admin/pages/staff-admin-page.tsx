import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/lib/use-page-title';
import { GrantRoleForm } from '../components/grant-role-form';
import { StaffTable } from '../components/staff-table';

// The integration API's keys load after the staff list: the page's first task does not wait for them.
const ApiKeysSection = lazy(() =>
  import('../components/api-keys-section').then((module) => ({ default: module.ApiKeysSection })),
);

/**
 * /staff/admin (administrators only): who holds which staff role, granting and removing them;
 * the integration API's keys.
 */
export function StaffAdminPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.title'));
  return (
    <div className="space-y-10">
      <h1 className="text-3xl font-bold">{t('admin.heading')}</h1>
      <StaffTable />
      <GrantRoleForm />
      <Suspense fallback={<Spinner label={t('app.loading')} />}>
        <ApiKeysSection />
      </Suspense>
    </div>
  );
}
