import { identityProblemTypes, signInRequestSchema } from '@ccap/contracts';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, linkClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorSummary } from '@/components/ui/error-summary';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { ApiError, problemTypeOf } from '@/lib/api-client';
import { browserLocation } from '@/lib/browser-location';
import { DEFAULT_RETURN_TO } from '@/lib/auth/return-to';
import { usePageTitle } from '@/lib/use-page-title';
import { useAbortInteraction } from '../api/abort-interaction';
import { useInteractionDetails } from '../api/get-interaction-details';
import { useSignIn } from '../api/sign-in';
import { authPaths, withUid } from '../auth-paths';
import { StartSignIn } from '../components/start-sign-in';
import { errorsFromIssues, errorsFromProblem, formValues, generalError, useFormErrors } from '../form-errors';
import { useStartSignIn } from '../use-start-sign-in';

/** /auth/boxed-signin and /auth/cover-login: the built-in identity provider's sign-in form. */
export function SignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = params.get('uid');
  usePageTitle(t('auth.signIn.title'));
  return (
    <Card>
      <h1 className="text-2xl font-bold">{t('auth.signIn.heading')}</h1>
      {uid ? <SignInForm uid={uid} /> : <StartSignIn returnTo={DEFAULT_RETURN_TO} />}
    </Card>
  );
}

/** The sign-in attempt expired: only a new one (a new authorization request) can help. */
export function StartAgain({ message }: { message: string }) {
  const { t } = useTranslation();
  const startSignIn = useStartSignIn();
  return (
    <div className="space-y-4">
      <Alert tone="error">{message}</Alert>
      <Button onClick={() => void startSignIn().catch((error: unknown) => console.error(error))}>
        {t('auth.signIn.startAgain')}
      </Button>
    </div>
  );
}

function SignInForm({ uid }: { uid: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const paths = authPaths(pathname);
  const details = useInteractionDetails(uid);
  const signIn = useSignIn();
  const abort = useAbortInteraction();
  const { errors, setErrors, errorFor } = useFormErrors();
  const [expired, setExpired] = useState(false);

  if (details.isPending) return <Spinner label={t('auth.signIn.loading')} />;
  if (expired || details.isError) {
    const message =
      expired || problemTypeOf(details.error) === identityProblemTypes.interactionExpired
        ? t('auth.signIn.expired')
        : generalError(t, details.error);
    return <StartAgain message={message} />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const parsed = signInRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(errorsFromIssues(t, parsed.error.issues, values));
      return;
    }
    signIn.mutate(
      { uid, ...parsed.data },
      {
        onSuccess: ({ redirectTo }) => browserLocation.assign(redirectTo),
        onError: (error) => {
          const type = problemTypeOf(error);
          if (type === identityProblemTypes.interactionExpired) return setExpired(true);
          if (type === identityProblemTypes.invalidCredentials) {
            return setErrors([{ field: 'email', message: t('auth.signIn.invalidCredentials') }]);
          }
          if (type === identityProblemTypes.emailNotConfirmed) {
            return setErrors([{ field: 'email', message: t('auth.signIn.emailNotConfirmed') }]);
          }
          if (type === identityProblemTypes.locked) {
            const seconds = error instanceof ApiError ? (error.problem?.retryAfterSeconds ?? 60) : 60;
            const count = Math.max(1, Math.ceil(seconds / 60));
            return setErrors([{ field: 'email', message: t('auth.signIn.locked', { count }) }]);
          }
          const fieldErrors = errorsFromProblem(t, error, values);
          setErrors(fieldErrors.length > 0 ? fieldErrors : [{ field: 'email', message: generalError(t, error) }]);
        },
      },
    );
  };

  const onCancel = () =>
    abort.mutate(uid, {
      onSuccess: ({ redirectTo }) => browserLocation.assign(redirectTo),
      onError: (error) => setErrors([{ field: 'email', message: generalError(t, error) }]),
    });

  return (
    <>
      <ErrorSummary title={t('forms.errorSummary')} errors={errors} />
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField
          id="email"
          type="email"
          label={t('auth.fields.email')}
          autoComplete="username"
          spellCheck={false}
          defaultValue={details.data.loginHint}
          error={errorFor('email')}
        />
        <TextField
          id="password"
          type="password"
          label={t('auth.fields.password')}
          autoComplete="current-password"
          error={errorFor('password')}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={signIn.isPending || signIn.isSuccess}>
            {t('auth.signIn.submit')}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={abort.isPending}>
            {t('auth.signIn.cancel')}
          </Button>
        </div>
      </form>
      <ul className="space-y-2">
        <li>
          <Link to={withUid(paths.passwordReset, uid)} className={linkClasses}>
            {t('auth.signIn.forgotPassword')}
          </Link>
        </li>
        <li>
          {t('auth.signIn.noAccount')}{' '}
          <Link to={withUid(paths.signUp, uid)} className={linkClasses}>
            {t('auth.signIn.createAccount')}
          </Link>
        </li>
      </ul>
    </>
  );
}
