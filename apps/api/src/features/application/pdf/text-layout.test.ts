import { describe, expect, it } from 'vitest';
import { fontFamilies, fontHas } from './fonts';
import { cjkFamilyFor, fontRuns, type Line, layoutParagraph } from './text-layout';

// Every character one unit wide, every font has every glyph: the layout's logic alone.
const everyGlyph = () => true;
const layout = (text: string, width: number, direction: 'ltr' | 'rtl' | 'auto' = 'ltr', lang = 'en') =>
  layoutParagraph(text, {
    width,
    direction,
    fonts: (value) => fontRuns(value, { lang, base: 'latin', has: everyGlyph }),
    measure: (value) => Array.from(value).length,
  });
const shown = (lines: Line[]) => lines.map((line) => line.runs.map((run) => run.text).join(''));

describe('line breaking', () => {
  it('breaks after spaces, never past the width, and drops the spaces at the break', () => {
    expect(shown(layout('aaa bbb ccc', 7))).toEqual(['aaa bbb', 'ccc']);
    expect(layout('aaa bbb ccc', 7).every((line) => line.width <= 7)).toBe(true);
  });

  it('breaks a word longer than the line between its characters', () => {
    expect(shown(layout('maria.lopez@example.gov', 10))).toEqual(['maria.lope', 'z@example.', 'gov']);
  });

  it('breaks Japanese and Chinese text between any two characters', () => {
    expect(shown(layout('保育費補助', 2, 'ltr', 'ja'))).toEqual(['保育', '費補', '助']);
  });

  it('turns control characters into spaces and gives nothing for blank text', () => {
    expect(shown(layout('a\tb\nc', 20))).toEqual(['a b c']);
    expect(layout('  \n ', 20)).toEqual([]);
  });
});

describe('bidirectional text', () => {
  it('orders an Arabic label and a Latin name right to left, each run in its own direction', () => {
    const [line] = layout('الاسم: Maria Lopez', 40, 'rtl');
    // Visual order, left to right: the name (left to right), then the Arabic (fontkit
    // reverses a run of Arabic script itself, so it is handed over in reading order).
    expect(line!.runs.map((run) => [run.text, run.rtl, run.family])).toEqual([
      ['Maria Lopez', false, 'latin'],
      ['الاسم: ', true, 'arabic'],
    ]);
  });

  it('keeps a left-to-right paragraph in order around Arabic words and the number after them', () => {
    // A number after Arabic letters belongs to the Arabic: it reads "2" at its left.
    const [line] = layout('Business: دار الأطفال 2', 40, 'auto');
    expect(line!.runs.map((run) => [run.text, run.rtl])).toEqual([
      ['Business: ', false],
      ['2', false],
      ['دار الأطفال ', true],
    ]);
  });

  it('mirrors brackets in right-to-left runs', () => {
    const [line] = layout('دار (الرعاية)', 40, 'rtl');
    expect(line!.runs).toHaveLength(1);
    expect(line!.runs[0]!.text).toBe('دار )الرعاية(');
  });

  it('reverses a right-to-left run of neutral characters itself, as no font will', () => {
    // The Arabic font here has no "<" or "-": they go to the Latin font, in a run of their own.
    const has = (family: string, codePoint: number) => (family === 'arabic' ? codePoint > 0x600 : true);
    const [line] = layoutParagraph('أ <- ب', {
      width: 20,
      direction: 'rtl',
      fonts: (value) => fontRuns(value, { lang: 'ae', base: 'latin', has }),
      measure: (value) => value.length,
    });
    expect(line!.runs.map((run) => [run.text, run.family, run.rtl])).toEqual([
      ['ب', 'arabic', true],
      [' -> ', 'latin', true],
      ['أ', 'arabic', true],
    ]);
  });

  it('draws no bidirectional control characters', () => {
    const [line] = layout('\u2066Which kind?\u2069', 40, 'rtl');
    expect(shown([line!])).toEqual(['Which kind?']);
  });
});

describe('fonts', () => {
  it('gives each script its font; spaces and digits join the run they are in', () => {
    const families = fontRuns('Maria 花子 42', { lang: 'en', base: 'latin', has: everyGlyph });
    expect(families.join(',')).toBe(
      ['latin', 'latin', 'latin', 'latin', 'latin', 'latin', 'sc', 'sc', 'sc', 'sc', 'sc'].join(','),
    );
    expect(new Set(fontRuns('الاسم 42', { lang: 'ae', base: 'latin', has: everyGlyph }))).toEqual(new Set(['arabic']));
  });

  it('sets Han characters as Japanese in Japanese documents or beside kana, as Chinese otherwise', () => {
    expect(cjkFamilyFor('山田', 'ja')).toBe('jp');
    expect(cjkFamilyFor('山田はなこ', 'en')).toBe('jp');
    expect(cjkFamilyFor('山田', 'zh')).toBe('sc');
    expect(cjkFamilyFor('山田', 'en')).toBe('sc');
  });

  it('falls back to a font that has the glyph', () => {
    const has = (family: string, codePoint: number) => family === 'arabic' || codePoint < 0x80;
    expect(fontRuns('aΩ', { lang: 'en', base: 'latin', has })).toEqual(['latin', 'arabic']);
  });

  it('finds every font file from the installed packages, with the scripts of the sixteen languages', () => {
    const samples: Record<(typeof fontFamilies)[number], string> = {
      latin: 'Aéőłçğ ΩΣ ЖЯ',
      arabic: 'بوابة',
      jp: '保育ポータル',
      sc: '托育门户们',
    };
    for (const family of fontFamilies) {
      for (const char of samples[family].replace(/\s/g, '')) {
        expect(fontHas(family, char.codePointAt(0)!), `${family} has ${char}`).toBe(true);
      }
    }
  });
});
