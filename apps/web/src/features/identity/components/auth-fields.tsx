import { PASSWORD_MIN_LENGTH } from '@ccap/contracts';
import type { FormEvent, ReactNode } from 'react';
import { type FieldValues, FormProvider, useFormContext, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '@/components/ui/form/error-messages';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { TextField } from '@/components/ui/text-field';
import type { AuthField } from '../auth-form';

/** An identity form: its error summary above its fields, checked by react-hook-form on submit. */
export function AuthForm<Values extends FieldValues, Output extends FieldValues>({
  form,
  onSubmit,
  children,
}: {
  form: UseFormReturn<Values, unknown, Output>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void> | void;
  children: ReactNode;
}) {
  return (
    <FormProvider {...form}>
      <FormErrorSummary />
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
        {children}
      </form>
    </FormProvider>
  );
}

/** A text input of an identity form, with its error from the form. */
export function AuthTextField({
  name,
  label,
  hint,
  type,
  autoComplete,
}: {
  name: AuthField;
  label: string;
  hint?: string;
  type?: 'email' | 'password';
  autoComplete: string;
}) {
  const { t } = useTranslation();
  const { register, getFieldState, formState } = useFormContext<Partial<Record<AuthField, string>>>();
  return (
    <TextField
      id={name}
      type={type}
      label={label}
      hint={hint}
      autoComplete={autoComplete}
      spellCheck={type === 'email' ? false : undefined}
      error={fieldErrorText(t, getFieldState(name, formState).error)}
      {...register(name)}
    />
  );
}

/** A new password and its confirmation, with the rules shown before the user types. */
export function PasswordFields({ label }: { label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <AuthTextField
        name="password"
        type="password"
        label={label}
        hint={t('auth.fields.passwordRules', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
      />
      <AuthTextField
        name="confirmPassword"
        type="password"
        label={t('auth.fields.confirmPassword')}
        autoComplete="new-password"
      />
    </>
  );
}
