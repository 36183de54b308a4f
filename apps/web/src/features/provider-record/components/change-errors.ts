import { changeProblemTypes } from '@ccap/contracts';
import type { TFunction } from 'i18next';
import { ApiError, problemTypeOf } from '@/lib/api-client';
import { unavailableMessage } from '@/lib/unavailable-message';

/** A failed write on a change, said in the reader's language. */
export function changeErrorMessage(t: TFunction, error: unknown): string {
  const type = problemTypeOf(error);
  if (type === changeProblemTypes.nothingChanged) return t('providerRecord.errors.nothingChanged');
  if (type === changeProblemTypes.effectiveDate) return t('validation.change.effectiveDateTooEarly');
  if (type === changeProblemTypes.conflict) return t('providerRecord.errors.recordChanged');
  if (type === changeProblemTypes.versionConflict) return t('providerRecord.errors.versionConflict');
  if (type === changeProblemTypes.invalidStep && error instanceof ApiError) {
    const messages = (error.problem?.errors ?? []).map((issue) => t(issue.message));
    return t('providerRecord.errors.invalid', { issues: [...new Set(messages)].join(' ') });
  }
  if (error instanceof ApiError && error.status === 400) return t('providerRecord.errors.invalidRequest');
  return unavailableMessage(t, error) ?? t('providerRecord.errors.failed');
}
