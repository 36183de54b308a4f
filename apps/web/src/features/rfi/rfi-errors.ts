import { documentProblemTypes, rfiProblemTypes } from '@ccap/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { unavailableMessage } from '@/lib/unavailable-message';

/**
 * Spec section 8: a failed RFI call is logged as 'Error fetching RFI:'; the user is told
 * too, in their language, what went wrong and what to do.
 */
export function logRfiError(error: unknown) {
  console.error('Error fetching RFI:', error);
}

export function rfiErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('forms.networkError');
  const problem = error.problem;
  switch (problem?.type) {
    case documentProblemTypes.tooLarge:
      return t('rfi.errors.tooLarge', {
        size: `${Math.round(((problem.maxBytes ?? 0) / (1024 * 1024)) * 10) / 10} MB`,
      });
    case documentProblemTypes.unsupportedType:
      return t('rfi.errors.unsupportedType', { types: (problem.allowedTypes ?? []).join(', ') });
    case documentProblemTypes.empty:
      return t('rfi.errors.emptyFile');
    case documentProblemTypes.infected:
      return t('rfi.errors.infected');
    case documentProblemTypes.storageFull:
      return t('documentStore.full');
    case rfiProblemTypes.notPending:
      return t('rfi.errors.notPending');
    case rfiProblemTypes.applicationClosed:
      return t('rfi.errors.applicationClosed');
    default:
      if (error.status === 404) return t('rfi.errors.notFound');
      // The API checks what the form checks: a refused due date is named in the reader's language.
      if (error.status === 400 && problem?.errors?.some((entry) => entry.path === 'dueDate')) {
        return t('rfi.form.dueDateRange');
      }
      return unavailableMessage(t, error) ?? t('forms.unexpectedError');
  }
}
