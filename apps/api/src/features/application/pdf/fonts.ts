import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';

/**
 * The fonts a PDF copy is set in: Noto, from npm packages that ship plain TrueType/OpenType
 * files (fontkit subsets those on embed; it cannot subset WOFF2). Latin, Greek and Cyrillic
 * come from Noto Sans, Arabic from Noto Naskh Arabic, Japanese and Chinese from Noto Sans CJK
 * (JP and SC): 4.5 and 8.4 MB a weight, so they are read only when a document has such text.
 */
export const fontFamilies = ['latin', 'arabic', 'jp', 'sc'] as const;
export type FontFamily = (typeof fontFamilies)[number];
export type FontWeight = 'regular' | 'bold';
export type FontKey = `${FontFamily}-${FontWeight}`;

const FILES: Record<FontFamily, { pkg: string; regular: string; bold: string }> = {
  latin: { pkg: '@embedpdf/fonts-latin', regular: 'NotoSans-Regular.ttf', bold: 'NotoSans-Bold.ttf' },
  arabic: {
    pkg: '@embedpdf/fonts-arabic',
    regular: 'NotoNaskhArabic-Regular.ttf',
    bold: 'NotoNaskhArabic-Bold.ttf',
  },
  jp: { pkg: '@embedpdf/fonts-jp', regular: 'NotoSansJP-Regular.otf', bold: 'NotoSansJP-Bold.otf' },
  sc: { pkg: '@embedpdf/fonts-sc', regular: 'NotoSansHans-Regular.otf', bold: 'NotoSansHans-Bold.otf' },
};

// Found through Node's module resolution, so the same lookup works from src/ under tsx or
// vitest and from the esbuild bundle in dist/ (the packages stay in node_modules).
const require = createRequire(import.meta.url);

/** The file of one font: each package's entry is dist/index.*, its fonts are in fonts/. */
export function fontFile(family: FontFamily, weight: FontWeight): string {
  const entry = FILES[family];
  return path.join(path.dirname(require.resolve(entry.pkg)), '..', 'fonts', entry[weight]);
}

const loaded = new Map<FontKey, fontkit.Font>();

/**
 * A parsed font, shared by every document: fontkit parses tables lazily and caches glyphs and
 * layouts, and each document keeps its own subset, so sharing is safe and saves the parsing.
 */
export function loadFont(key: FontKey): fontkit.Font {
  let font = loaded.get(key);
  if (!font) {
    const [family, weight] = key.split('-') as [FontFamily, FontWeight];
    const parsed = fontkit.create(fs.readFileSync(fontFile(family, weight)));
    if (!('layout' in parsed)) throw new Error(`${key} is a font collection, not a font`);
    font = family === 'arabic' ? withReadableLigatures(parsed) : parsed;
    loaded.set(key, font);
  }
  return font;
}

/**
 * A right-to-left run is written in visual order, and text extractors (pdf.js, poppler)
 * reverse it back, including the characters of a ligature such as lam-alef: so "الأول" would
 * copy as "األول". A ligature's characters are therefore recorded reversed in the PDF's
 * ToUnicode map, which pdfkit builds from each glyph's `codePoints`.
 */
function withReadableLigatures(font: fontkit.Font): fontkit.Font {
  const layout: fontkit.Font['layout'] = (...args) => {
    const run = font.layout(...args);
    if (run.direction !== 'rtl') return run;
    run.glyphs = run.glyphs.map((glyph) =>
      glyph.codePoints.length > 1
        ? (Object.create(glyph, { codePoints: { value: [...glyph.codePoints].reverse() } }) as fontkit.Glyph)
        : glyph,
    );
    return run;
  };
  return Object.create(font, { layout: { value: layout } }) as fontkit.Font;
}

/** Whether a font has a real glyph for a character (not .notdef). */
export function fontHas(family: FontFamily, codePoint: number): boolean {
  return loadFont(`${family}-regular`).hasGlyphForCodePoint(codePoint);
}
