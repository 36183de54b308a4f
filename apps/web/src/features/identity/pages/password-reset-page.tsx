import { forgotPasswordRequestSchema, identityProblemTypes, resetPasswordRequestSchema } from '@ccap/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses, linkClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SERVER } from '@/components/ui/form/error-messages';
import { problemTypeOf } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { confirmPasswordSchema, matchRule, passwordsMatch, showFailure, useAuthForm } from '../auth-form';
import { authPaths, withUid } from '../auth-paths';
import { AuthForm, AuthTextField, PasswordFields } from '../components/auth-fields';
import { CheckEmail } from '../components/check-email';
import { weakPasswordMessage } from '../password-weakness';

const requestSchema = forgotPasswordRequestSchema.omit({ uid: true });
const newPasswordSchema = resetPasswordRequestSchema
  .pick({ password: true })
  .extend({ confirmPassword: confirmPasswordSchema })
  .refine(passwordsMatch, matchRule);

/**
 * /auth/boxed-password-reset and /auth/cover-password-reset: without a token, ask for the
 * email to send a link to; with the emailed ?token=, choose the new password.
 */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  usePageTitle(t('auth.passwordReset.title'));
  return <Card>{token ? <NewPassword token={token} /> : <RequestReset uid={params.get('uid') ?? undefined} />}</Card>;
}

function RequestReset({ uid }: { uid: string | undefined }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string>();
  const form = useAuthForm(requestSchema, { email: '' });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    await forgot.mutateAsync({ email, uid }).then(
      () => setSentTo(email),
      (error: unknown) => showFailure(form, t, error, ['email']),
    );
  });

  if (sentTo) {
    return (
      <CheckEmail heading={t('auth.passwordReset.checkEmailHeading')}>
        <p>{t('auth.passwordReset.checkEmailBody', { email: sentTo })}</p>
      </CheckEmail>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-bold">{t('auth.passwordReset.heading')}</h1>
      <p>{t('auth.passwordReset.intro')}</p>
      <AuthForm form={form} onSubmit={onSubmit}>
        <AuthTextField name="email" type="email" label={t('auth.fields.email')} autoComplete="email" />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('auth.passwordReset.submitRequest')}
        </Button>
      </AuthForm>
      <Link to={withUid(authPaths(pathname).signIn, uid)} className={linkClasses}>
        {t('auth.passwordReset.backToSignIn')}
      </Link>
    </>
  );
}

function NewPassword({ token }: { token: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const reset = useResetPassword();
  const [invalidToken, setInvalidToken] = useState(false);
  const form = useAuthForm(newPasswordSchema, { password: '', confirmPassword: '' });

  const send = form.handleSubmit(async ({ password }) => {
    await reset.mutateAsync({ token, password }).then(
      () => undefined,
      (error: unknown) => {
        const type = problemTypeOf(error);
        if (type === identityProblemTypes.invalidToken) return setInvalidToken(true);
        if (type === identityProblemTypes.weakPassword) {
          return form.setError('password', { type: SERVER, message: weakPasswordMessage(t, error) });
        }
        showFailure(form, t, error, ['password', 'confirmPassword']);
      },
    );
  });
  // A link whose token cannot be one is not valid, whatever the password.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (resetPasswordRequestSchema.shape.token.safeParse(token).success) return send(event);
    event.preventDefault();
    setInvalidToken(true);
  };

  if (reset.isSuccess) {
    return (
      <CheckEmail heading={t('auth.passwordReset.doneHeading')}>
        <p>{t('auth.passwordReset.doneBody')}</p>
        <Link to="/login" className={buttonClasses()}>
          {t('auth.confirmEmail.signIn')}
        </Link>
      </CheckEmail>
    );
  }
  if (invalidToken) {
    return (
      <>
        <h1 className="text-2xl font-bold">{t('auth.passwordReset.heading')}</h1>
        <Alert tone="error">{t('auth.passwordReset.invalidToken')}</Alert>
        <Link to={authPaths(pathname).passwordReset} className={buttonClasses()}>
          {t('auth.passwordReset.requestNew')}
        </Link>
      </>
    );
  }
  return (
    <>
      <h1 className="text-2xl font-bold">{t('auth.passwordReset.newHeading')}</h1>
      <AuthForm form={form} onSubmit={onSubmit}>
        <PasswordFields label={t('auth.fields.newPassword')} />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('auth.passwordReset.submitNew')}
        </Button>
      </AuthForm>
    </>
  );
}
