import type { TFunction } from 'i18next';

export const statusLabel = (t: TFunction, status: string) => t(`staff.status.${status}`, { defaultValue: status });
export const typeLabel = (t: TFunction, type: string) => t(`staff.providerType.${type}`, { defaultValue: type });
