import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { DEFAULT_RETURN_TO, safeReturnTo } from '@/lib/auth/return-to';
import { usePageTitle } from '@/lib/use-page-title';
import { StartSignIn } from '../components/start-sign-in';

/** /login: hands over to the identity provider, remembering where the user wanted to go. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  usePageTitle(t('auth.startSignIn.title'));
  return (
    <Card>
      <h1 className="text-2xl font-bold">{t('auth.startSignIn.title')}</h1>
      <StartSignIn returnTo={safeReturnTo(params.get('returnTo')) ?? DEFAULT_RETURN_TO} />
    </Card>
  );
}
