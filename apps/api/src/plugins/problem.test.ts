import { localeCodes } from '@ccap/contracts';
import { localeIntlTags } from '@ccap/contracts/locale-tags';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { createUser, type TestUser } from '../../test/identity';
import { loadCatalogue } from '../features/application/pdf/labels';

type Messages = Record<string, Record<string, unknown>>;
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The problem detail keys a language must have: English's, plurals in the language's categories. */
function expectedKeys(english: string[], code: (typeof localeCodes)[number]) {
  const categories = new Intl.PluralRules(localeIntlTags[code]).resolvedOptions().pluralCategories;
  return [
    ...new Set(
      english.flatMap((key) => (PLURAL.test(key) ? categories.map((c) => key.replace(PLURAL, `_${c}`)) : [key])),
    ),
  ].sort();
}

describe('problem details in every language', () => {
  it('every problem detail key is translated in all sixteen languages, with the same placeholders', async () => {
    const english = ((await loadCatalogue('en')) as Messages).problemDetails as Record<string, string>;
    const keys = Object.keys(english);
    expect(keys.length).toBeGreaterThan(90);
    const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
    for (const code of localeCodes) {
      const own = ((await loadCatalogue(code)) as Messages).problemDetails as Record<string, string>;
      expect(Object.keys(own).sort(), code).toEqual(expectedKeys(keys, code));
      for (const [key, text] of Object.entries(own)) {
        const source = english[key] ?? english[key.replace(PLURAL, '_other')] ?? '';
        expect(placeholders(text), `${code} ${key}`).toEqual(placeholders(source));
        // A translation, not an English copy (the technical names inside stay as they are).
        if (code !== 'en') expect(text, `${code} ${key}`).not.toBe(source);
      }
    }
  });
});

describe('problem details answered in the language of Accept-Language', () => {
  let ctx: TestContext;
  let applicant: TestUser;

  beforeAll(async () => {
    ctx = await createTestApp();
    applicant = await createUser(ctx, 'Problem Reader');
  });
  afterAll(() => ctx.close());

  const call = (
    language: string,
    request: { method: 'GET' | 'POST' | 'DELETE'; url: string; payload?: unknown; user?: TestUser },
  ) =>
    ctx.app.inject({
      method: request.method,
      url: request.url,
      headers: { 'accept-language': language, ...(request.user?.headers ?? {}) },
      ...(request.payload === undefined ? {} : { payload: request.payload as Record<string, unknown> }),
    });

  it('a signed-in call without a token, a missing route and a missing draft: in Spanish, Arabic and Japanese', async () => {
    const cases = [
      {
        request: { method: 'POST', url: '/api/Application/get-my-draft-applications' } as const,
        status: 401,
        details: {
          es: 'Inicie sesión para continuar: esta llamada necesita un token de acceso de portador.',
          ar: 'سجّل الدخول للمتابعة: يتطلب هذا الاستدعاء رمز وصول من نوع الحامل.',
          ja: '続けるにはサインインしてください。この呼び出しにはベアラーアクセストークンが必要です。',
        },
      },
      {
        request: { method: 'GET', url: '/api/No/such-route' } as const,
        status: 404,
        details: {
          es: 'Ninguna ruta de la API coincide con GET /api/No/such-route.',
          ar: 'لا يوجد مسار في الواجهة البرمجية يطابق GET /api/No/such-route.',
          ja: 'GET /api/No/such-route に一致する API ルートはありません。',
        },
      },
      {
        request: {
          method: 'DELETE',
          url: '/api/Application/get-my-draft-applications?query=987654321',
          user: applicant,
        } as const,
        status: 404,
        details: {
          es: 'No se encontró el borrador.',
          ar: 'لم يُعثر على المسودة.',
          ja: '下書きが見つかりませんでした。',
        },
      },
    ];
    for (const { request, status, details } of cases) {
      const english = await call('en-US', request);
      expect(english.statusCode, request.url).toBe(status);
      for (const [language, detail] of Object.entries(details)) {
        const response = await call(language, request);
        expect(response.statusCode, `${language} ${request.url}`).toBe(status);
        expect(response.headers['content-type']).toContain('application/problem+json');
        const problem = response.json<{ title: string; detail: string }>();
        // The title is the same English for every language: clients branch on it.
        expect(problem.title).toBe(english.json<{ title: string }>().title);
        expect(problem.detail).toBe(detail);
        expect(response.headers['content-language']).toBe({ es: 'es-US', ar: 'ar', ja: 'ja-JP' }[language]);
      }
    }
  });

  it('a request the schema refuses: the sentence and zod’s messages translated, the field paths kept', async () => {
    const request = { method: 'POST', url: '/api/Providers', payload: { latitude: 'north' } } as const;
    const english = (await call('en', request)).json<{ detail: string; errors: { path: string }[] }>();
    expect(english.detail).toMatch(/^The request body is invalid: latitude: /);
    for (const [language, start] of [
      ['es', 'Datos no válidos (cuerpo de la solicitud): latitude: '],
      ['ar', 'نص الطلب غير صالح: latitude: '],
      ['ja', 'リクエスト本文が正しくありません: latitude: '],
    ] as const) {
      const response = await call(language, request);
      expect(response.statusCode).toBe(400);
      const problem = response.json<{ title: string; detail: string; errors: { path: string; message: string }[] }>();
      expect(problem.title).toBe('Invalid request');
      expect(problem.detail.startsWith(start), problem.detail).toBe(true);
      expect(problem.errors.map((error) => error.path)).toEqual(english.errors.map((error) => error.path));
      // zod's own message in the language, not its English one.
      expect(problem.detail).not.toMatch(/Invalid input|expected/);
    }
  });

  it('a route’s own check answers in the language too', async () => {
    const response = await call('es', {
      method: 'POST',
      url: '/api/Providers',
      payload: { nearThisCityId: 999_999 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ detail: string }>().detail).toBe('nearThisCityId no es una ciudad de este programa.');
  });
});
