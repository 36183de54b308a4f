import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * /auth/signout?xsrf=…: the identity provider's end-session endpoint asks the user to confirm.
 * A real form post, so the provider's session cookie travels with it and it works without
 * any script once loaded.
 */
export function SignOutPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const xsrf = params.get('xsrf');
  usePageTitle(t('auth.signOut.title'));
  return (
    <Card>
      <h1 className="text-2xl font-bold">{t('auth.signOut.heading')}</h1>
      {xsrf ? (
        <form method="post" action="/idp/session/end/confirm" className="space-y-5">
          <p>{t('auth.signOut.body')}</p>
          <input type="hidden" name="xsrf" value={xsrf} />
          <input type="hidden" name="logout" value="yes" />
          <div className="flex flex-wrap gap-3">
            <Button type="submit">{t('auth.signOut.submit')}</Button>
            <Link to="/" className={buttonClasses('secondary')}>
              {t('auth.signOut.stay')}
            </Link>
          </div>
        </form>
      ) : (
        <>
          <Alert tone="error">{t('auth.signOut.missing')}</Alert>
          <Link to="/" className={buttonClasses('secondary')}>
            {t('auth.signOut.stay')}
          </Link>
        </>
      )}
    </Card>
  );
}
