import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** The element id of a form path: "members.0.firstName" → "members-0-firstName". */
export const fieldIdOf = (name: string) => name.replace(/\./g, '-');

/** A rule's key that carries its limit: "validation.application.tooLong.60". */
const WITH_LIMIT = /^(validation\.[\w.]+)\.(\d+)$/;

/**
 * The one error map of the web's forms, given to every zodResolver: a rule of a shared schema
 * already speaks in an i18n key ("validation.application.phone") and keeps it; an issue zod
 * raised with no message of its own becomes a key too. An empty or missing input is the only way
 * a form input meets a type or minimum-length issue, so those read "This is required"; a string
 * over its limit carries the limit in its key.
 */
export const formErrorMap: z.core.$ZodErrorMap = (issue) => {
  if (issue.code === 'too_big' && issue.origin === 'string')
    return `validation.application.tooLong.${Number(issue.maximum)}`;
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'validation.application.email';
  return 'validation.required';
};

/** The options every form passes to zodResolver: the shared error map. */
export const zodOptions = { error: formErrorMap };

/**
 * A field error's words: the message is an i18n key, a limit as the key's last part
 * ("validation.application.tooLong.60" reads "Use 60 characters or fewer"). A message that is not a key
 * (a rule written before the map) reads as "This is required", as an empty input would.
 */
export function errorText(t: TFunction, message: string): string {
  if (!message.startsWith('validation.')) return t('validation.required');
  const limited = WITH_LIMIT.exec(message);
  return limited ? t(limited[1]!, { max: Number(limited[2]) }) : t(message);
}
