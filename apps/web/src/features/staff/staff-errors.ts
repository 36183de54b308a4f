import { staffProblemTypes } from '@ccap/contracts';
import type { TFunction } from 'i18next';
import { ApiError, problemTypeOf } from '@/lib/api-client';
import { unavailableMessage } from '@/lib/unavailable-message';

/** The reader's message for a failed staff call, by the problem's type. */
export function staffErrorMessage(t: TFunction, error: unknown): string {
  switch (problemTypeOf(error)) {
    case staffProblemTypes.versionConflict:
      return t('staff.errors.conflict');
    case staffProblemTypes.invalidTransition:
      return t('staff.errors.invalidTransition');
    case staffProblemTypes.documentsClosed:
      return t('staff.errors.closed');
    case staffProblemTypes.assignmentClosed:
      return t('staff.errors.assignmentClosed');
  }
  if (error instanceof ApiError && error.status === 404) return t('staff.errors.notFound');
  return unavailableMessage(t, error) ?? t('staff.errors.generic');
}
