import { localeCodes } from '@ccap/contracts';

type LocaleCode = (typeof localeCodes)[number];

const isLocaleCode = (value: string): value is LocaleCode => (localeCodes as readonly string[]).includes(value);

/** A language tag's locale code: "ar…" is the spec's "ae", a region is dropped ("es-US" → "es"). */
function codeOf(tag: string): LocaleCode | undefined {
  const primary = tag.trim().toLowerCase().split('-')[0] ?? '';
  const code = primary === 'ar' ? 'ae' : primary;
  return isLocaleCode(code) ? code : undefined;
}

/**
 * The portal language an Accept-Language header asks for: the first of its languages, by
 * weight, that the portal has; English when none (or no header).
 */
export function localeOfAcceptLanguage(header: string | string[] | undefined): LocaleCode {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((param) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag, weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.weight > 0 && Number.isFinite(entry.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const code = codeOf(tag);
    if (code) return code;
  }
  return 'en';
}
