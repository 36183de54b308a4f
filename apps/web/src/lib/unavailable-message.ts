import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * The reader's message for a 503: the API cannot reach its database, the database gave up on
 * a statement under load, or the virus scanner is away (ADR 038). Whatever was saved before is
 * still there and the call changed nothing, so the message says so, and when to try again.
 * Undefined for any other failure, so a caller falls back to its own words:
 * `unavailableMessage(t, error) ?? t('documents.loadFailed')`.
 */
export function unavailableMessage(t: TFunction, error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 503) return undefined;
  const seconds = error.retryAfterSeconds;
  return seconds ? t('forms.unavailable', { count: seconds }) : t('forms.unavailableNoDelay');
}
