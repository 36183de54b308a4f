import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses, linkClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { usePageTitle } from '@/lib/use-page-title';

const KNOWN = [
  'access_denied',
  'login_required',
  'consent_required',
  'interaction_required',
  'invalid_request',
  'session_not_found',
] as const;
type Known = (typeof KNOWN)[number];
const isKnown = (code: string | null): code is Known => KNOWN.some((known) => known === code);

/**
 * /auth/error?error=…&error_description=…: the identity provider could not finish. The
 * description is the provider's untranslated text (and anyone can put words in a link),
 * so the page explains in its own words and shows only the code.
 */
export function AuthErrorPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('error');
  usePageTitle(t('auth.error.title'));
  return (
    <Card>
      <h1 className="text-2xl font-bold">{t('auth.error.heading')}</h1>
      <Alert tone="error">{t(isKnown(code) ? `auth.error.${code}` : 'auth.error.generic')}</Alert>
      {code && /^[a-z_]{1,64}$/.test(code) ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('auth.error.code', { code })}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <Link to="/login" className={buttonClasses()}>
          {t('auth.error.startAgain')}
        </Link>
        <Link to="/" className={linkClasses}>
          {t('auth.error.home')}
        </Link>
      </div>
    </Card>
  );
}
