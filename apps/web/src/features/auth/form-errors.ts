import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@ccap/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { SummaryError } from '@/components/ui/error-summary';
import { ApiError } from '@/lib/api-client';
import { unavailableMessage } from '@/lib/unavailable-message';

export type AuthField = 'name' | 'email' | 'password' | 'confirmPassword';
type Values = Partial<Record<AuthField, string>>;

interface Issue {
  path: PropertyKey[];
  code: string;
}

/** A translated message for a field, from the zod issue code (or a server field error). */
export function messageFor(t: TFunction, field: AuthField, code: string, value = ''): string {
  const empty = value.trim() === '';
  switch (field) {
    case 'name':
      return t(empty ? 'validation.nameRequired' : 'validation.nameTooLong');
    case 'email':
      return t(empty ? 'validation.emailRequired' : 'validation.emailInvalid');
    case 'password':
      if (empty) return t('validation.passwordRequired');
      if (code === 'too_big') return t('validation.passwordTooLong', { max: PASSWORD_MAX_LENGTH });
      return t('validation.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
    case 'confirmPassword':
      return t(empty ? 'validation.confirmPasswordRequired' : 'validation.confirmPasswordMismatch');
  }
}

const isField = (value: unknown): value is AuthField =>
  value === 'name' || value === 'email' || value === 'password' || value === 'confirmPassword';

/** One message per field, in form order, from the shared schema's issues. */
export function errorsFromIssues(t: TFunction, issues: Issue[], values: Values): SummaryError[] {
  const errors: SummaryError[] = [];
  for (const issue of issues) {
    const field = issue.path[0];
    if (!isField(field) || errors.some((error) => error.field === field)) continue;
    errors.push({ field, message: messageFor(t, field, issue.code, values[field]) });
  }
  return errors;
}

/** Field errors from a 400 problem's errors[].path ("email", "/email" or "body.email"). */
export function errorsFromProblem(t: TFunction, error: unknown, values: Values): SummaryError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const issues = (error.problem?.errors ?? []).map((entry) => ({
    path: [entry.path.split(/[./]/).filter(Boolean).pop() ?? ''],
    code: 'invalid',
  }));
  return errorsFromIssues(t, issues, values);
}

/** The confirmation must repeat the password exactly. */
export function confirmPasswordError(t: TFunction, values: Values): SummaryError | undefined {
  if (values.confirmPassword && values.confirmPassword === values.password) return undefined;
  return { field: 'confirmPassword', message: messageFor(t, 'confirmPassword', 'custom', values.confirmPassword) };
}

/** A message for a failure the form cannot pin on a field. */
export function generalError(t: TFunction, error: unknown): string {
  const unavailable = unavailableMessage(t, error);
  if (unavailable) return unavailable;
  if (error instanceof ApiError && error.status === 429) return t('forms.tooManyRequests');
  return t(error instanceof ApiError ? 'forms.unexpectedError' : 'forms.networkError');
}

export function useFormErrors() {
  const [errors, setErrors] = useState<SummaryError[]>([]);
  const errorFor = (field: string) => errors.find((error) => error.field === field)?.message;
  return { errors, setErrors, errorFor };
}

/** The values of a submitted form's text inputs. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}
