import type { LookupItem, LookupType } from '@ccap/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useIntlFormat } from '@/lib/intl-format';

/** A choice of a select or radio group: the stored code and its label. */
export interface LookupChoice {
  value: string;
  label: string;
}

/** The items of one lookup type, optionally only the children of one parent. */
export function lookupsOf(items: LookupItem[], type: LookupType, parentCode?: string): LookupItem[] {
  const parent = parentCode ? items.find((item) => item.code === parentCode) : undefined;
  return items.filter(
    (item) => item.lookupType === type && (parentCode === undefined || item.parentLookupId === parent?.lookupId),
  );
}

/**
 * Names of lookup items in the reader's language: the program's own terms from the
 * translations, languages and weekdays from Intl, counties and states as the place names they are.
 */
export function useLookupLabels(items: LookupItem[]) {
  const { t } = useTranslation();
  const format = useIntlFormat();

  const label = useCallback(
    (type: LookupType, code: string | undefined): string => {
      if (!code) return '';
      const item = items.find((entry) => entry.lookupType === type && entry.code === code);
      switch (type) {
        case 'County':
        case 'State':
          return item?.name ?? code;
        case 'Day': {
          const index = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].indexOf(code);
          return index < 0 ? code : format.weekday(index);
        }
        case 'Language':
          if (code === 'other') return t('application.lookups.Language.other');
          return format.languageName(code) ?? item?.name ?? code;
        default:
          return t(`application.lookups.${type}.${code}`, { defaultValue: item?.name ?? code });
      }
    },
    [items, format, t],
  );

  const choices = useCallback(
    (type: LookupType, parentCode?: string): LookupChoice[] =>
      lookupsOf(items, type, parentCode).map((item) => ({ value: item.code, label: label(type, item.code) })),
    [items, label],
  );

  return { label, choices };
}

export type LookupLabels = ReturnType<typeof useLookupLabels>;
