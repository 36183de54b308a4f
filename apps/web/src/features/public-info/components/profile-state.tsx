import type { ProgramProfile } from '@ccap/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useProgramProfile } from '@/lib/program-profile';
import { unavailableMessage } from '@/lib/unavailable-message';

/**
 * Renders its children with the program profile once it has loaded: a spinner while it
 * loads, and a message if it cannot be loaded. Every fact these pages state comes from it.
 */
export function WithProfile({ children }: { children: (profile: ProgramProfile) => ReactNode }) {
  const { t } = useTranslation();
  const profile = useProgramProfile();
  if (profile.data) return children(profile.data);
  if (profile.isError)
    return <Alert tone="error">{unavailableMessage(t, profile.error) ?? t('publicInfo.common.profileError')}</Alert>;
  return <Spinner label={t('app.loading')} />;
}
