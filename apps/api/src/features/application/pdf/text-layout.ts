import bidiFactory from 'bidi-js';
import type { FontFamily } from './fonts';

const bidi = bidiFactory();

export type Direction = 'ltr' | 'rtl';

/** A piece of one line, in visual order, set in one font and one direction. */
export interface VisualRun {
  /** The characters as the font is given them (see `rtlByFont`). */
  text: string;
  /** The same characters in reading order. */
  logical: string;
  family: FontFamily;
  rtl: boolean;
  width: number;
}

export interface Line {
  runs: VisualRun[];
  width: number;
}

export interface LayoutOptions {
  width: number;
  /** The paragraph direction: translated text follows the document, answers their own text. */
  direction: Direction | 'auto';
  /** The font family of every UTF-16 unit of the text (see fontRuns). */
  fonts: (text: string) => FontFamily[];
  measure: (text: string, family: FontFamily) => number;
}

// fontkit lays out a run of a right-to-left script in visual order itself; every other run at
// a right-to-left level (neutrals such as brackets or a dash) we reverse here.
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const ARABIC = /[\p{Script=Arabic}]/u;
const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\u3000-\u303f\uff00-\uffef]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const LETTER = /\p{L}/u;
// Marks that only steer the bidirectional algorithm: used for the levels, never drawn.
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const SPACE = /\s/u;
// Ideographs and kana may break anywhere; other text breaks after spaces.
const BREAK_ANYWHERE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** The script family a character asks for, or undefined for digits, spaces and punctuation. */
export function scriptFamilyOf(char: string, cjk: 'jp' | 'sc'): FontFamily | undefined {
  if (ARABIC.test(char)) return 'arabic';
  if (CJK.test(char)) return cjk;
  if (LETTER.test(char)) return 'latin';
  return undefined;
}

/** Japanese glyph shapes for Japanese documents and for text with kana; Chinese otherwise. */
export function cjkFamilyFor(text: string, lang: string): 'jp' | 'sc' {
  return lang === 'ja' || KANA.test(text) ? 'jp' : 'sc';
}

/**
 * Picks a font for every character: letters by their script (falling back to any font that
 * has the glyph), neutral characters join the run before them (or after, at the start), so a
 * space or a comma never splits a run of Arabic and its shaping.
 */
export function fontRuns(
  text: string,
  options: { lang: string; base: FontFamily; has: (family: FontFamily, codePoint: number) => boolean },
): FontFamily[] {
  const cjk = cjkFamilyFor(text, options.lang);
  const order: FontFamily[] = ['latin', 'arabic', cjk, cjk === 'jp' ? 'sc' : 'jp'];
  const chars = Array.from(text);
  const wanted = chars.map((char) => scriptFamilyOf(char, cjk));
  const resolved: (FontFamily | undefined)[] = wanted.map((family, index) => {
    if (!family) return undefined;
    const codePoint = chars[index]!.codePointAt(0)!;
    if (options.has(family, codePoint)) return family;
    return order.find((other) => other !== family && options.has(other, codePoint)) ?? family;
  });
  // Neutrals: the family before, else the one after, else the document's own.
  let previous: FontFamily | undefined;
  const forward = resolved.map((family) => (family ? (previous = family) : previous));
  let next: FontFamily | undefined;
  const result: FontFamily[] = new Array<FontFamily>(chars.length);
  for (let index = chars.length - 1; index >= 0; index--) {
    if (resolved[index]) next = resolved[index];
    const codePoint = chars[index]!.codePointAt(0)!;
    let family = forward[index] ?? next ?? options.base;
    if (!resolved[index] && !options.has(family, codePoint)) {
      family = order.find((other) => options.has(other, codePoint)) ?? family;
    }
    result[index] = family;
  }
  // One entry per UTF-16 unit, as bidi-js indexes the string.
  return chars.flatMap((char, index) => (char.length === 2 ? [result[index]!, result[index]!] : [result[index]!]));
}

interface Atom {
  start: number;
  /** Exclusive; includes the spaces after it. */
  end: number;
  /** Where the spaces at its end begin. */
  contentEnd: number;
}

/** Break opportunities: after a run of spaces, and around every ideograph or kana. */
function atoms(text: string): Atom[] {
  const result: Atom[] = [];
  let start = 0;
  let index = 0;
  while (index < text.length) {
    const char = String.fromCodePoint(text.codePointAt(index)!);
    const size = char.length;
    if (SPACE.test(char)) {
      let end = index;
      while (end < text.length && SPACE.test(text[end]!)) end++;
      result.push({ start, end, contentEnd: index });
      start = index = end;
      continue;
    }
    if (BREAK_ANYWHERE.test(char)) {
      if (index > start) result.push({ start, end: index, contentEnd: index });
      result.push({ start: index, end: index + size, contentEnd: index + size });
      start = index = index + size;
      continue;
    }
    index += size;
  }
  if (index > start) result.push({ start, end: index, contentEnd: index });
  return result;
}

/** Splits [start, end) into pieces of one font and one level, in logical order. */
function pieces(levels: Uint8Array, families: FontFamily[], start: number, end: number) {
  const result: { start: number; end: number; family: FontFamily; level: number }[] = [];
  for (let index = start; index < end; index++) {
    const last = result[result.length - 1];
    if (last && last.family === families[index] && last.level === levels[index]) last.end = index + 1;
    else result.push({ start: index, end: index + 1, family: families[index]!, level: levels[index]! });
  }
  return result;
}

/**
 * Lays out one paragraph: lines no wider than `width` (a word longer than that is broken
 * between characters), each as runs in visual order (Unicode bidirectional algorithm, rule
 * L2 applied to runs), ready to be drawn left to right.
 */
export function layoutParagraph(input: string, options: LayoutOptions): Line[] {
  // eslint-disable-next-line no-control-regex -- control characters would print as boxes
  const text = input.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (!text) return [];
  const embedding = bidi.getEmbeddingLevels(text, options.direction === 'auto' ? undefined : options.direction);
  const families = options.fonts(text);
  const widthOf = (start: number, end: number) =>
    pieces(embedding.levels, families, start, end).reduce(
      (sum, piece) =>
        sum + options.measure(text.slice(piece.start, piece.end).replace(BIDI_CONTROLS, ''), piece.family),
      0,
    );

  const lines: { start: number; end: number }[] = [];
  let line: { start: number; end: number; width: number } | undefined;
  let spaces = 0;
  for (const atom of atoms(text)) {
    const width = widthOf(atom.start, atom.contentEnd);
    if (line && line.width + spaces + width <= options.width) {
      line.width += spaces + width;
      line.end = atom.contentEnd;
    } else {
      if (line) lines.push(line);
      line = { start: atom.start, end: atom.contentEnd, width };
      if (width > options.width) {
        // Longer than a line by itself: break between characters.
        let index = atom.start;
        while (index < atom.contentEnd) {
          const size = String.fromCodePoint(text.codePointAt(index)!).length;
          if (index > line.start && widthOf(line.start, index + size) > options.width) {
            lines.push({ ...line, end: index });
            line = { start: index, end: atom.contentEnd, width: 0 };
          }
          index += size;
        }
        line.width = widthOf(line.start, line.end);
      }
    }
    spaces = widthOf(atom.contentEnd, atom.end);
  }
  if (line) lines.push(line);

  return lines.map(({ start, end }) => {
    const runs = pieces(embedding.levels, families, start, end);
    // L2: from the highest level down to the lowest odd one, reverse every sequence of runs
    // at that level or higher.
    const highest = Math.max(...runs.map((run) => run.level));
    const lowestOdd = Math.min(...runs.map((run) => (run.level % 2 === 1 ? run.level : run.level + 1)));
    for (let level = highest; level >= lowestOdd; level--) {
      for (let index = 0; index < runs.length;) {
        if (runs[index]!.level < level) {
          index++;
          continue;
        }
        let stop = index;
        while (stop < runs.length && runs[stop]!.level >= level) stop++;
        runs.splice(index, stop - index, ...runs.slice(index, stop).reverse());
        index = stop;
      }
    }
    const visual = runs.flatMap((run): VisualRun[] => {
      const logical = text.slice(run.start, run.end).replace(BIDI_CONTROLS, '');
      if (!logical) return [];
      const rtl = run.level % 2 === 1;
      let shown = logical;
      if (rtl) {
        shown = Array.from(logical, (char) => bidi.getMirroredCharacter(char) ?? char).join('');
        if (!RTL_SCRIPT.test(logical)) shown = Array.from(shown).reverse().join('');
      }
      return [{ text: shown, logical, family: run.family, rtl, width: options.measure(shown, run.family) }];
    });
    return { runs: visual, width: visual.reduce((sum, run) => sum + run.width, 0) };
  });
}
