import { identityProblemTypes, signInRequestSchema } from '@ccap/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, linkClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SERVER } from '@/components/ui/form/error-messages';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, problemTypeOf } from '@/lib/api-client';
import { browserLocation } from '@/lib/browser-location';
import { DEFAULT_RETURN_TO } from '@/lib/auth/return-to';
import { usePageTitle } from '@/lib/use-page-title';
import { useAbortInteraction } from '../api/abort-interaction';
import { useInteractionDetails } from '../api/get-interaction-details';
import { useSignIn } from '../api/sign-in';
import { generalError, showFailure, useAuthForm } from '../auth-form';
import { authPaths, withUid } from '../auth-paths';
import { AuthForm, AuthTextField } from '../components/auth-fields';
import { EnrolSecondFactor, VerifySecondFactor } from '../components/second-factor-step';
import { StartSignIn } from '../components/start-sign-in';
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
  const details = useInteractionDetails(uid);
  const [expired, setExpired] = useState(false);

  if (details.isPending) return <Spinner label={t('auth.signIn.loading')} />;
  if (expired || details.isError) {
    const message =
      expired || problemTypeOf(details.error) === identityProblemTypes.interactionExpired
        ? t('auth.signIn.expired')
        : generalError(t, details.error);
    return <StartAgain message={message} />;
  }
  return <SignInSteps uid={uid} loginHint={details.data.loginHint} onExpired={() => setExpired(true)} />;
}

/** The password, then for staff who must have one the second factor's step (ADR 088). */
function SignInSteps({ uid, loginHint, onExpired }: { uid: string; loginHint?: string; onExpired: () => void }) {
  const [secondFactor, setSecondFactor] = useState<'verify' | 'enrol'>();
  if (secondFactor === 'enrol') return <EnrolSecondFactor uid={uid} onExpired={onExpired} />;
  if (secondFactor === 'verify') return <VerifySecondFactor uid={uid} onExpired={onExpired} />;
  return <SignInFields uid={uid} loginHint={loginHint} onExpired={onExpired} onSecondFactor={setSecondFactor} />;
}

function SignInFields({
  uid,
  loginHint,
  onExpired,
  onSecondFactor,
}: {
  uid: string;
  loginHint?: string;
  onExpired: () => void;
  onSecondFactor: (step: 'verify' | 'enrol') => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const paths = authPaths(pathname);
  const signIn = useSignIn();
  const abort = useAbortInteraction();
  const form = useAuthForm(signInRequestSchema, { email: loginHint ?? '', password: '' });
  const emailError = (message: string) => form.setError('email', { type: SERVER, message });

  const onSubmit = form.handleSubmit(async (request) => {
    await signIn.mutateAsync({ uid, ...request }).then(
      (answer) =>
        'secondFactor' in answer ? onSecondFactor(answer.secondFactor) : browserLocation.assign(answer.redirectTo),
      (error: unknown) => {
        const type = problemTypeOf(error);
        if (type === identityProblemTypes.interactionExpired) return onExpired();
        if (type === identityProblemTypes.invalidCredentials) return emailError(t('auth.signIn.invalidCredentials'));
        if (type === identityProblemTypes.emailNotConfirmed) return emailError(t('auth.signIn.emailNotConfirmed'));
        if (type === identityProblemTypes.locked) {
          const seconds = error instanceof ApiError ? (error.problem?.retryAfterSeconds ?? 60) : 60;
          return emailError(t('auth.signIn.locked', { count: Math.max(1, Math.ceil(seconds / 60)) }));
        }
        showFailure(form, t, error, ['email', 'password']);
      },
    );
  });

  const onCancel = () =>
    abort.mutate(uid, {
      onSuccess: ({ redirectTo }) => browserLocation.assign(redirectTo),
      onError: (error) => emailError(generalError(t, error)),
    });

  return (
    <>
      <AuthForm form={form} onSubmit={onSubmit}>
        <AuthTextField name="email" type="email" label={t('auth.fields.email')} autoComplete="username" />
        <AuthTextField
          name="password"
          type="password"
          label={t('auth.fields.password')}
          autoComplete="current-password"
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={form.formState.isSubmitting || signIn.isSuccess}>
            {t('auth.signIn.submit')}
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={abort.isPending}>
            {t('auth.signIn.cancel')}
          </Button>
        </div>
      </AuthForm>
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
