import type { LookupItem, LookupType } from '@ccap/contracts';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlTagOf } from '@/lib/locales';

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

// Monday 1 January 2024: the day names come from Intl in the reader's language.
const MONDAY = Date.UTC(2024, 0, 1);

/**
 * Names of lookup items in the reader's language: the program's own terms from the
 * translations, languages and weekdays from Intl, counties and states as the place names they are.
 */
export function useLookupLabels(items: LookupItem[]) {
  const { t, i18n } = useTranslation();
  const tag = intlTagOf(i18n.language);
  const formats = useMemo(
    () => ({
      language: new Intl.DisplayNames([tag], { type: 'language', fallback: 'none' }),
      weekday: new Intl.DateTimeFormat(tag, { weekday: 'long', timeZone: 'UTC' }),
    }),
    [tag],
  );

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
          return index < 0 ? code : formats.weekday.format(MONDAY + index * 86_400_000);
        }
        case 'Language':
          if (code === 'other') return t('application.lookups.Language.other');
          return formats.language.of(code) ?? item?.name ?? code;
        default:
          return t(`application.lookups.${type}.${code}`, { defaultValue: item?.name ?? code });
      }
    },
    [items, formats, t],
  );

  const choices = useCallback(
    (type: LookupType, parentCode?: string): LookupChoice[] =>
      lookupsOf(items, type, parentCode).map((item) => ({ value: item.code, label: label(type, item.code) })),
    [items, label],
  );

  return { label, choices };
}

export type LookupLabels = ReturnType<typeof useLookupLabels>;
