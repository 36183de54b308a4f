import type { TFunction } from 'i18next';
import type { FieldError } from 'react-hook-form';
import type { z } from 'zod';

/** The element id of a form path: "members.0.firstName" → "members-0-firstName". */
export const fieldIdOf = (name: string) => name.replace(/\./g, '-');

/** A rule's key that carries its limit: "validation.application.tooLong.60". */
const WITH_LIMIT = /^([a-zA-Z][\w-]*(?:\.[\w-]+)+)\.(\d+)$/;
/** An i18n key: dotted words, no spaces ("admin.grant.roleRequired"). */
const KEY = /^[a-zA-Z][\w-]*(?:\.[\w-]+)+$/;

/** The words a form gives one field for the issues zod raises by itself, by kind. */
export interface FieldWords {
  /** Left empty (or a choice not made). */
  required?: string;
  /** Filled but not valid: a malformed email, a value off the list. */
  invalid?: string;
  /** Shorter than its minimum; the key is read with the minimum as `min`. */
  tooShort?: string;
  /** Longer than its maximum; the key is read with the maximum as `max`. */
  tooLong?: string;
}

const isEmpty = (input: unknown) =>
  input === undefined ||
  input === null ||
  (typeof input === 'string' && input.trim() === '') ||
  (Array.isArray(input) && input.length === 0);

/**
 * The one error map of the web's forms, given to every zodResolver. A rule of a shared schema
 * already speaks in an i18n key ("validation.application.phone") and keeps it; an issue zod
 * raised by itself becomes a key: "This is required" for an empty input, the limit for a string
 * too long or too short, "the correct format" for an email address. A form may name its own
 * words for a field (`words`, by path), as the sign-in forms do ("Enter your email address").
 */
export function formErrorMap(words: Record<string, FieldWords> = {}): z.core.$ZodErrorMap {
  return (issue) => {
    const own = words[(issue.path ?? []).join('.')] ?? {};
    if (isEmpty(issue.input)) return own.required ?? 'validation.required';
    if (issue.code === 'too_big' && issue.origin === 'string') {
      return `${own.tooLong ?? 'validation.application.tooLong'}.${Number(issue.maximum)}`;
    }
    if (issue.code === 'too_small' && issue.origin === 'string' && own.tooShort) {
      return `${own.tooShort}.${Number(issue.minimum)}`;
    }
    if (issue.code === 'invalid_format' && issue.format === 'email') {
      return own.invalid ?? 'validation.application.email';
    }
    return own.invalid ?? own.required ?? 'validation.required';
  };
}

/** The options every form passes to zodResolver: the shared error map. */
export const zodOptions = { error: formErrorMap() };

/** The shared error map with a form's own words for some of its fields. */
export const zodOptionsWith = (words: Record<string, FieldWords>) => ({ error: formErrorMap(words) });

/**
 * A field error's words: the message is an i18n key, a limit as the key's last part
 * ("validation.application.tooLong.60" reads "Use 60 characters or fewer"). A message that is
 * not a key (a rule written in English) reads as "This is required", as an empty input would.
 */
export function errorText(t: TFunction, message: string): string {
  if (!KEY.test(message) && !WITH_LIMIT.test(message)) return t('validation.required');
  const limited = WITH_LIMIT.exec(message);
  return limited ? t(limited[1]!, { max: Number(limited[2]), min: Number(limited[2]) }) : t(message);
}

/**
 * The error a form set from the server's answer (`setError(field, { type: SERVER, message })`)
 * is already in words; any other is a key for `errorText`.
 */
export const SERVER = 'server';

/** The words of one field's react-hook-form error, if it has one. */
export function fieldErrorText(t: TFunction, error: Pick<FieldError, 'type' | 'message'> | undefined) {
  if (error?.message === undefined) return undefined;
  return error.type === SERVER ? error.message : errorText(t, error.message);
}
