import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18nLanguageOf, LOCALES } from './locales';

type Tree = { [key: string]: string | Tree };
const localesDir = path.dirname(createRequire(import.meta.url).resolve('@ccap/locales/en.json'));
const read = (code: string): Tree => JSON.parse(fs.readFileSync(path.join(localesDir, `${code}.json`), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (value: string) => [...value.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

/**
 * The keys a complete translation must have: English's, with each plural key expanded to the
 * plural categories of the target language (Arabic has six, Japanese one).
 */
function expectedKeys(english: Map<string, string>, code: string): Set<string> {
  // The categories i18next itself resolves plurals with, for the language it is given.
  const categories = new Intl.PluralRules(i18nLanguageOf(code)).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of english.keys()) {
    if (PLURAL.test(key)) {
      const base = key.replace(PLURAL, '');
      for (const category of categories) keys.add(`${base}_${category}`);
    } else keys.add(key);
  }
  return keys;
}

// Values that stay the same in every language: names, codes and formats, not prose.
const SAME_IN_EVERY_LANGUAGE = /^(app\.name|.*\.(code|format|url))$/;

const english = flatten(read('en'));

describe.each(LOCALES.filter((locale) => locale.code !== 'en').map((locale) => locale.code))('locale %s', (code) => {
  const file = path.join(localesDir, `${code}.json`);

  it('is served as a translation file', () => {
    expect(fs.existsSync(file), `${code}.json is missing`).toBe(true);
  });

  it('has every key of English and no other', () => {
    const translated = flatten(read(code));
    const expected = expectedKeys(english, code);
    const missing = [...expected].filter((key) => !translated.has(key));
    const extra = [...translated.keys()].filter((key) => !expected.has(key));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('keeps every placeholder, and leaves no English prose untranslated', () => {
    const translated = flatten(read(code));
    const problems: string[] = [];
    for (const [key, value] of translated) {
      const source = english.get(key) ?? english.get(key.replace(PLURAL, '_other')) ?? '';
      if (placeholders(value).join() !== placeholders(source).join()) problems.push(`${key}: placeholders differ`);
      const words = source.replace(/\{\{[^}]*\}\}/g, '').match(/[A-Za-z]{2,}/g) ?? [];
      if (value === source && words.length >= 2 && !SAME_IN_EVERY_LANGUAGE.test(key))
        problems.push(`${key}: still English`);
    }
    expect(problems).toEqual([]);
  });
});

describe('English', () => {
  it('has no empty value', () => {
    expect([...english].filter(([, value]) => value.trim() === '').map(([key]) => key)).toEqual([]);
  });
});

describe('the language list', () => {
  it('offers exactly the languages the API accepts as a preferred language', async () => {
    const { localeCodes } = await import('@ccap/contracts');
    expect(LOCALES.map((locale) => locale.code).sort()).toEqual([...localeCodes].sort());
  });
});
