import { forgotPasswordRequestSchema, identityProblemTypes, resetPasswordRequestSchema } from '@ccap/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses, linkClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextField } from '@/components/ui/text-field';
import { problemTypeOf } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { authPaths, withUid } from '../auth-paths';
import { CheckEmail } from '../components/check-email';
import { PasswordFields } from '../components/password-fields';
import {
  confirmPasswordError,
  errorsFromIssues,
  errorsFromProblem,
  formValues,
  generalError,
  useFormErrors,
} from '../form-errors';

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
  const { errors, setErrors, errorFor } = useFormErrors();
  const [sentTo, setSentTo] = useState<string>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const parsed = forgotPasswordRequestSchema.safeParse({ email: values.email, uid });
    if (!parsed.success) return setErrors(errorsFromIssues(t, parsed.error.issues, values));
    forgot.mutate(parsed.data, {
      onSuccess: () => {
        setErrors([]);
        setSentTo(parsed.data.email);
      },
      onError: (error) => {
        const fieldErrors = errorsFromProblem(t, error, values);
        setErrors(fieldErrors.length > 0 ? fieldErrors : [{ field: 'email', message: generalError(t, error) }]);
      },
    });
  };

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
      <ErrorSummary title={t('forms.errorSummary')} errors={errors} />
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          id="email"
          type="email"
          label={t('auth.fields.email')}
          autoComplete="email"
          spellCheck={false}
          error={errorFor('email')}
        />
        <Button type="submit" disabled={forgot.isPending}>
          {t('auth.passwordReset.submitRequest')}
        </Button>
      </form>
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
  const { errors, setErrors, errorFor } = useFormErrors();
  const [invalidToken, setInvalidToken] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const parsed = resetPasswordRequestSchema.safeParse({ token, password: values.password });
    const found = parsed.success ? [] : errorsFromIssues(t, parsed.error.issues, values);
    if (parsed.error?.issues.some((issue) => issue.path[0] === 'token')) return setInvalidToken(true);
    const confirmError = confirmPasswordError(t, values);
    if (confirmError) found.push(confirmError);
    if (!parsed.success || found.length > 0) return setErrors(found);
    reset.mutate(parsed.data, {
      onSuccess: () => setErrors([]),
      onError: (error) => {
        const type = problemTypeOf(error);
        if (type === identityProblemTypes.invalidToken) return setInvalidToken(true);
        if (type === identityProblemTypes.weakPassword) {
          return setErrors([{ field: 'password', message: t('validation.passwordWeak') }]);
        }
        const fieldErrors = errorsFromProblem(t, error, values);
        setErrors(fieldErrors.length > 0 ? fieldErrors : [{ field: 'password', message: generalError(t, error) }]);
      },
    });
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
      <ErrorSummary title={t('forms.errorSummary')} errors={errors} />
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <PasswordFields errorFor={errorFor} label={t('auth.fields.newPassword')} />
        <Button type="submit" disabled={reset.isPending}>
          {t('auth.passwordReset.submitNew')}
        </Button>
      </form>
    </>
  );
}
