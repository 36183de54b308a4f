import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuth } from '@/lib/auth/auth-context';
import { usePageTitle } from '@/lib/use-page-title';
import { queryKeys } from '@/lib/query-keys';

/** /auth/signed-out: where the identity provider sends the browser after signing out. */
export function SignedOutPage() {
  const { t } = useTranslation();
  const { userManager } = useAuth();
  const queryClient = useQueryClient();
  usePageTitle(t('auth.signedOut.title'));

  useEffect(() => {
    // Spec: after a successful sign-out, local and session storage are cleared entirely.
    localStorage.clear();
    sessionStorage.clear();
    queryClient.removeQueries({ queryKey: queryKeys.user() });
    void userManager?.removeUser();
  }, [queryClient, userManager]);

  return (
    <Card>
      <h1 className="text-2xl font-bold">{t('auth.signedOut.heading')}</h1>
      <p>{t('auth.signedOut.body')}</p>
      <Link to="/login" className={buttonClasses()}>
        {t('auth.signedOut.signIn')}
      </Link>
    </Card>
  );
}
