import { identityProblemTypes, registerRequestSchema } from '@ccap/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button, linkClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SERVER } from '@/components/ui/form/error-messages';
import { problemTypeOf } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useRegister } from '../api/register';
import { confirmPasswordSchema, matchRule, passwordsMatch, showFailure, useAuthForm } from '../auth-form';
import { authPaths, withUid } from '../auth-paths';
import { AuthForm, AuthTextField, PasswordFields } from '../components/auth-fields';
import { CheckEmail } from '../components/check-email';
import { weakPasswordMessage } from '../password-weakness';

const signUpSchema = registerRequestSchema
  .omit({ uid: true })
  .extend({ confirmPassword: confirmPasswordSchema })
  .refine(passwordsMatch, matchRule);

/** /auth/boxed-signup and /auth/cover-register: create an account on the built-in provider. */
export function SignUpPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? undefined;
  const { pathname } = useLocation();
  const register = useRegister();
  const [sentTo, setSentTo] = useState<string>();
  const form = useAuthForm(signUpSchema, { name: '', email: '', password: '', confirmPassword: '' });
  usePageTitle(t('auth.signUp.title'));

  const onSubmit = form.handleSubmit(async ({ name, email, password }) => {
    await register.mutateAsync({ name, email, password, uid }).then(
      () => setSentTo(email),
      (error: unknown) => {
        if (problemTypeOf(error) === identityProblemTypes.weakPassword) {
          return form.setError('password', { type: SERVER, message: weakPasswordMessage(t, error) });
        }
        showFailure(form, t, error, ['name', 'email', 'password']);
      },
    );
  });

  if (sentTo) {
    return (
      <Card>
        <CheckEmail heading={t('auth.signUp.checkEmailHeading')}>
          <p>{t('auth.signUp.checkEmailBody', { email: sentTo })}</p>
          <p>{t('auth.signUp.checkEmailNoMail')}</p>
        </CheckEmail>
      </Card>
    );
  }

  return (
    <Card>
      <h1 className="text-2xl font-bold">{t('auth.signUp.heading')}</h1>
      <AuthForm form={form} onSubmit={onSubmit}>
        <AuthTextField name="name" label={t('auth.fields.name')} autoComplete="name" />
        <AuthTextField name="email" type="email" label={t('auth.fields.email')} autoComplete="email" />
        <PasswordFields label={t('auth.fields.password')} />
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('auth.signUp.submit')}
        </Button>
      </AuthForm>
      <p>
        {t('auth.signUp.haveAccount')}{' '}
        <Link to={withUid(authPaths(pathname).signIn, uid)} className={linkClasses}>
          {t('auth.signUp.signIn')}
        </Link>
      </p>
    </Card>
  );
}
