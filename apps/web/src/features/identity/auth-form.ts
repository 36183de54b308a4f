import { PASSWORD_MIN_LENGTH } from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { type DefaultValues, type FieldValues, type Path, useForm, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { type FieldWords, SERVER, zodOptionsWith } from '@/components/ui/form/error-messages';
import { ApiError } from '@/lib/api-client';
import { unavailableMessage } from '@/lib/unavailable-message';

/** The fields of the sign-in, sign-up and password reset forms. */
export type AuthField = 'name' | 'email' | 'password' | 'confirmPassword';

/** The words of the identity forms, by field: "Enter your email address" over "This is required". */
const words: Record<AuthField, FieldWords> = {
  name: { required: 'validation.nameRequired', tooLong: 'validation.nameTooLong' },
  email: {
    required: 'validation.emailRequired',
    invalid: 'validation.emailInvalid',
    tooLong: 'validation.emailInvalid',
  },
  password: {
    required: 'validation.passwordRequired',
    tooShort: 'validation.passwordTooShort',
    tooLong: 'validation.passwordTooLong',
  },
  confirmPassword: { required: 'validation.confirmPasswordRequired' },
};

/** What the server's 400 on a field means, in the words the form would have used itself. */
const invalidKeys: Record<AuthField, string> = {
  name: 'validation.nameInvalid',
  email: 'validation.emailInvalid',
  password: `validation.passwordTooShort.${PASSWORD_MIN_LENGTH}`,
  confirmPassword: 'validation.confirmPasswordMismatch',
};

const isField = (value: unknown): value is AuthField =>
  value === 'name' || value === 'email' || value === 'password' || value === 'confirmPassword';

/** The password typed again, as a new password's form asks for it. */
export const confirmPasswordSchema = z.string().min(1);

/**
 * The rule of a new password's form: the password typed again must match. It is checked even
 * while other fields are wrong (`when`), so the summary lists every problem at once:
 * `.refine(passwordsMatch, matchRule)`.
 */
export const passwordsMatch = (values: { password: string; confirmPassword: string }) =>
  values.confirmPassword === '' || values.confirmPassword === values.password;

export const matchRule = {
  path: ['confirmPassword'],
  message: 'validation.confirmPasswordMismatch',
  when: ({ value }: { value: unknown }) => typeof value === 'object' && value !== null,
};

/** A react-hook-form form over an identity request's schema, speaking the identity forms' words. */
export function useAuthForm<Input extends FieldValues, Output extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema, zodOptionsWith(words)),
    defaultValues,
    // The error summary takes the focus on a failed submit.
    shouldFocusError: false,
  });
}

/** A message for a failure the form cannot pin on a field. */
export function generalError(t: TFunction, error: unknown): string {
  const unavailable = unavailableMessage(t, error);
  if (unavailable) return unavailable;
  if (error instanceof ApiError && error.status === 429) return t('forms.tooManyRequests');
  return t(error instanceof ApiError ? 'forms.unexpectedError' : 'forms.networkError');
}

/**
 * Puts a failed send on the form: a 400 problem's errors[].path ("email", "/email" or
 * "body.email") on the form's `fields`, anything else on the first of them, in words.
 */
export function showFailure<Values extends FieldValues, Output extends FieldValues>(
  form: UseFormReturn<Values, unknown, Output>,
  t: TFunction,
  error: unknown,
  [first, ...rest]: readonly [Path<Values>, ...Path<Values>[]],
) {
  const fields = [first, ...rest];
  const found = new Set<Path<Values>>();
  if (error instanceof ApiError && error.status === 400) {
    for (const entry of error.problem?.errors ?? []) {
      const name = entry.path.split(/[./]/).filter(Boolean).pop();
      const field = fields.find((candidate) => candidate === name);
      if (field) found.add(field);
    }
  }
  for (const field of found) {
    form.setError(field, { type: 'invalid', message: isField(field) ? invalidKeys[field] : 'validation.required' });
  }
  if (found.size === 0) form.setError(first, { type: SERVER, message: generalError(t, error) });
}
