import { identityProblemTypes, registerRequestSchema } from '@ccap/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button, linkClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextField } from '@/components/ui/text-field';
import { problemTypeOf } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useRegister } from '../api/register';
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

/** /auth/boxed-signup and /auth/cover-register: create an account on the built-in provider. */
export function SignUpPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? undefined;
  const { pathname } = useLocation();
  const register = useRegister();
  const { errors, setErrors, errorFor } = useFormErrors();
  const [sentTo, setSentTo] = useState<string>();
  usePageTitle(t('auth.signUp.title'));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const parsed = registerRequestSchema.safeParse(values);
    const found = parsed.success ? [] : errorsFromIssues(t, parsed.error.issues, values);
    const confirmError = confirmPasswordError(t, values);
    if (confirmError) found.push(confirmError);
    if (!parsed.success || found.length > 0) return setErrors(found);
    register.mutate(
      { ...parsed.data, uid },
      {
        onSuccess: () => {
          setErrors([]);
          setSentTo(parsed.data.email);
        },
        onError: (error) => {
          if (problemTypeOf(error) === identityProblemTypes.weakPassword) {
            return setErrors([{ field: 'password', message: t('validation.passwordWeak') }]);
          }
          const fieldErrors = errorsFromProblem(t, error, values);
          setErrors(fieldErrors.length > 0 ? fieldErrors : [{ field: 'name', message: generalError(t, error) }]);
        },
      },
    );
  };

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
      <ErrorSummary title={t('forms.errorSummary')} errors={errors} />
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextField id="name" label={t('auth.fields.name')} autoComplete="name" error={errorFor('name')} />
        <TextField
          id="email"
          type="email"
          label={t('auth.fields.email')}
          autoComplete="email"
          spellCheck={false}
          error={errorFor('email')}
        />
        <PasswordFields errorFor={errorFor} label={t('auth.fields.password')} />
        <Button type="submit" disabled={register.isPending}>
          {t('auth.signUp.submit')}
        </Button>
      </form>
      <p>
        {t('auth.signUp.haveAccount')}{' '}
        <Link to={withUid(authPaths(pathname).signIn, uid)} className={linkClasses}>
          {t('auth.signUp.signIn')}
        </Link>
      </p>
    </Card>
  );
}
