import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { localeCodes } from '@ccap/contracts';

export type LocaleCode = (typeof localeCodes)[number];
type Messages = Record<string, unknown>;

export interface Labels {
  lang: LocaleCode;
  /** The text of a key in the language, else in English, else the key itself. */
  t: (key: string, values?: Record<string, string | number>) => string;
  /** Whether the language or English has the key. */
  has: (key: string) => boolean;
}

/**
 * Where the web app's translations are read from: the served web build's locales/ (what the
 * browser gets), else the web workspace's public/locales/, which Vite serves at the same
 * address in development and which is there when nothing was built yet (tests, `npm run dev`).
 */
export function localeDirectories(webDist: string): string[] {
  const directories = [path.join(webDist, 'locales')];
  try {
    const web = createRequire(import.meta.url).resolve('@ccap/web/package.json');
    directories.push(path.join(path.dirname(web), 'public', 'locales'));
  } catch {
    // A deployment without the web workspace serves a build, which has its locales.
  }
  return directories;
}

const lookup = (messages: Messages | undefined, key: string): string | undefined => {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Messages)[part];
  }
  return typeof node === 'string' ? node : undefined;
};

const LRI = '\u2066';
const PDI = '\u2069';
const mapDefined = (value: string | undefined, map: (text: string) => string) =>
  value === undefined ? undefined : map(value);

const interpolate = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/**
 * Reads the locale files as the web app gets them, kept in memory and read again when a file
 * changes (translations are being added while the portal runs in development).
 */
export function createLocaleSource(directories: string[]) {
  const cache = new Map<string, { mtimeMs: number; messages: Messages }>();

  async function read(code: LocaleCode): Promise<Messages | undefined> {
    for (const directory of directories) {
      const file = path.join(directory, `${code}.json`);
      let stat;
      try {
        stat = await fs.stat(file);
      } catch {
        continue;
      }
      const cached = cache.get(file);
      if (cached && cached.mtimeMs === stat.mtimeMs) return cached.messages;
      const messages = JSON.parse(await fs.readFile(file, 'utf8')) as Messages;
      cache.set(file, { mtimeMs: stat.mtimeMs, messages });
      return messages;
    }
    return undefined;
  }

  return {
    directories,
    async labels(lang: LocaleCode): Promise<Labels> {
      const english = await read('en');
      if (!english) throw new Error(`No English locale file in ${directories.join(' or ')}`);
      const own = lang === 'en' ? english : await read(lang);
      // In a right-to-left document an English fallback is isolated as left-to-right text, so
      // its punctuation stays where English puts it.
      const fallback = (text: string) => (lang === 'ae' ? `${LRI}${text}${PDI}` : text);
      return {
        lang,
        t: (key, values) => {
          const text = lookup(own, key) ?? mapDefined(lookup(english, key), fallback) ?? key;
          return interpolate(text, values);
        },
        has: (key) => lookup(own, key) !== undefined || lookup(english, key) !== undefined,
      };
    },
  };
}
export type LocaleSource = ReturnType<typeof createLocaleSource>;
