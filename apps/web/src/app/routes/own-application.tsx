import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useDashboard } from '@/features/application/api/get-dashboard';
import { unavailableMessage } from '@/lib/unavailable-message';

/**
 * documents and rfi-v1 with a missing or 0 id open the signed-in user's own application, never
 * a fixed one (DESIGN.md section 8); with no application yet, the dashboard explains.
 */
export function OwnApplicationRedirect({ to }: { to: 'documents' | 'rfi-v1' }) {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Spinner label={t('dashboard.loading')} />;
  if (dashboard.isError)
    return <Alert tone="error">{unavailableMessage(t, dashboard.error) ?? t('dashboard.loadFailed')}</Alert>;
  const id = dashboard.data.applicationId;
  // Without an application the dashboard says why it opened instead of the page asked for.
  return id ? (
    <Navigate to={`/${to}/${id}`} replace />
  ) : (
    <Navigate to="/dashboard" replace state={{ noApplicationFor: to }} />
  );
}

/** Renders the page when the address holds an application id, else opens the user's own. */
export function WithApplicationId({ to, children }: { to: 'documents' | 'rfi-v1'; children: ReactNode }) {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? children : <OwnApplicationRedirect to={to} />;
}
