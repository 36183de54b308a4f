import { identityProblemTypes } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses, linkClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { problemTypeOf } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useConfirmEmail } from '../api/confirm-email';
import { useInteractionDetails } from '../api/get-interaction-details';
import { withUid } from '../auth-paths';
import { CheckEmail } from '../components/check-email';
import { generalError } from '../auth-form';

/** /auth/confirm-email?token=…&uid=…: the link in the registration email. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const confirmation = useConfirmEmail(token);
  const uid = confirmation.data?.uid ?? params.get('uid') ?? undefined;
  // Carry on with the sign-in attempt the user registered from, if it is still open.
  const interaction = useInteractionDetails(confirmation.isSuccess ? uid : undefined);
  usePageTitle(t('auth.confirmEmail.title'));

  let content;
  if (!token) {
    content = <Alert tone="error">{t('auth.confirmEmail.missingToken')}</Alert>;
  } else if (confirmation.isPending || (uid && interaction.isPending)) {
    content = <Spinner label={t('auth.confirmEmail.working')} />;
  } else if (confirmation.isError) {
    const invalid = problemTypeOf(confirmation.error) === identityProblemTypes.invalidToken;
    content = (
      <>
        <h1 className="text-2xl font-bold">{t('auth.confirmEmail.title')}</h1>
        <Alert tone="error">
          {invalid ? t('auth.confirmEmail.invalidToken') : generalError(t, confirmation.error)}
        </Alert>
        <Link to="/auth/boxed-signup" className={linkClasses}>
          {t('auth.confirmEmail.createAgain')}
        </Link>
      </>
    );
  } else {
    content = (
      <CheckEmail heading={t('auth.confirmEmail.doneHeading')}>
        <p>{t('auth.confirmEmail.doneBody')}</p>
        <Link to={interaction.isSuccess ? withUid('/auth/boxed-signin', uid) : '/login'} className={buttonClasses()}>
          {t('auth.confirmEmail.signIn')}
        </Link>
      </CheckEmail>
    );
  }
  return <Card>{content}</Card>;
}
