import { passwordWeaknesses } from '@ccap/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';

/**
 * The reader's-language message for a new password the API refused: the rule it broke when the
 * answer names one (the strength check runs on the API only, so the web app loads no
 * dictionaries), else the general one.
 */
export function weakPasswordMessage(t: TFunction, error: unknown): string {
  const reason = error instanceof ApiError ? error.problem?.reason : undefined;
  const known = passwordWeaknesses.find((weakness) => weakness === reason);
  return known ? t(`passwordStrength.${known}`) : t('validation.passwordWeak');
}
