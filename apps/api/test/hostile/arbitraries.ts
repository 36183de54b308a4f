import fc from 'fast-check';

/** Strings that have broken web APIs before: injection, markup, Unicode oddities, numbers as text. */
export const NASTY_STRINGS = [
  '',
  ' ',
  "' OR '1'='1",
  "'; drop table applications; --",
  '"; select pg_sleep(5); --',
  '\\',
  '%',
  '_',
  '%00',
  '\u0000',
  'a\u0000b',
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '{{constructor.constructor("return 1")()}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'e\u0301\u0301\u0301\u0301\u0301',
  '\u202Egnp.exe',
  '\u200B\u200D\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '𝕏𝕐ℤ 👩‍👩‍👧‍👦',
  'ﷺ',
  'İıß',
  '9'.repeat(400),
  '-1',
  '0',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'x'.repeat(5000),
  '2026-02-30',
  '0000-00-00',
  '99999-12-31',
  'T'.repeat(1) + ':'.repeat(30),
];

export const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1.5,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 63,
  1e308,
  -1e308,
  5e-324,
];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.integer({ min: -5, max: 100 }).map(String) },
);

/** A value for a field of some unknown schema: sometimes plausible, mostly not. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...NASTY_NUMBERS) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 20 }) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 4 }) },
);

/** Text safe to put in an HTTP header value (a real server refuses anything else at parse time). */
export const headerText = fc.oneof(
  fc.constantFrom('', ' ', 'null', '*/*', 'x'.repeat(2000), '%00', '\\', '<script>', "' OR 1=1"),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 }),
);

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=----x',
  'application/octet-stream',
  'application/xml',
  'application/problem+json',
  'image/png',
  ';;;',
  'application/json; boundary=',
];
