import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { unavailableMessage } from '@/lib/unavailable-message';

/** Where a grant failure belongs on the form, and the translated message for it. */
export interface GrantError {
  field: 'email' | 'counties' | 'form';
  message: string;
}

/** The segments of an errors[].path: "email", "/email", "body.email" or "counties.3". */
const segmentsOf = (path: string) => path.split(/[./]/).filter(Boolean);

/**
 * Translates a failed grant. The API's `detail` is English, so the message comes from the
 * status and the field paths: 404 means nobody with that email has signed in yet.
 */
export function grantErrorOf(t: TFunction, error: unknown): GrantError {
  if (!(error instanceof ApiError)) return { field: 'form', message: t('forms.networkError') };
  if (error.status === 404) return { field: 'email', message: t('admin.errors.noUser') };
  if (error.status === 409) return { field: 'email', message: t('admin.errors.ambiguousEmail') };
  if (error.status === 400) {
    const fields = (error.problem?.errors ?? []).flatMap((entry) => segmentsOf(entry.path));
    if (fields.includes('email')) return { field: 'email', message: t('validation.emailInvalid') };
    if (fields.includes('counties')) return { field: 'counties', message: t('admin.errors.unknownCounty') };
  }
  return { field: 'form', message: unavailableMessage(t, error) ?? t('admin.errors.generic') };
}

/** Translates a failed revoke; a 400 is the API refusing to let administrators demote themselves. */
export function revokeErrorOf(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('forms.networkError');
  if (error.status === 400) return t('admin.errors.ownAdministrator');
  if (error.status === 404) return t('admin.errors.revokeNoUser');
  if (error.status === 409) return t('admin.errors.ambiguousEmail');
  return unavailableMessage(t, error) ?? t('admin.errors.generic');
}
