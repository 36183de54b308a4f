import type { TFunction } from 'i18next';

/** Whole-timestamp ISO strings shown as calendar dates in the reader's language. */
export const dayOf = (iso: string) => iso.slice(0, 10);

export const statusLabel = (t: TFunction, status: string) => t(`staff.status.${status}`, { defaultValue: status });
export const typeLabel = (t: TFunction, type: string) => t(`staff.providerType.${type}`, { defaultValue: type });
