import {
  applicationPdfPath,
  applicationSteps,
  type DraftApplication,
  type localeCodes,
  notificationEvents,
  PROBLEM_CONTENT_TYPE,
} from '@ccap/contracts';
import english from '@ccap/locales/en.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../../test/application-fixture';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { createUser, type TestUser } from '../../../../test/identity';
import { readPdf } from '../../../../test/pdf-text';
import { createLocaleSource, loadCatalogue } from './labels';

type LocaleCode = (typeof localeCodes)[number];

let ctx: TestContext;
let owner: TestUser;
let stranger: TestUser;
let applicationId: number;

/** Saves a draft and submits it as the owner would; answers the application id. */
async function submit(context: TestContext, user: TestUser, application: DraftApplication) {
  const applicationJson = JSON.stringify(application);
  const draft = await context.app.inject({
    method: 'POST',
    url: '/api/Application/save-my-draft-applications',
    headers: user.headers,
    payload: { applicationJson },
  });
  const submitted = await context.app.inject({
    method: 'POST',
    url: '/api/Application',
    headers: user.headers,
    payload: { draftApplicationId: draft.json<{ id: number }>().id, applicationJson },
  });
  expect(submitted.statusCode).toBe(201);
  return submitted.json<{ applicationId: number }>().applicationId;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A label followed by its answer, however the reader spaces them. */
const answer = (label: string, value: string) => new RegExp(`${escape(label)}\\s*${escape(value)}`);

const download = (context: TestContext, user: TestUser | undefined, id: number, lang?: LocaleCode, tz?: string) =>
  context.app.inject({ method: 'GET', url: applicationPdfPath(id, lang, tz), headers: user?.headers ?? {} });

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'Maria Lopez');
  stranger = await createUser(ctx, 'Someone Else');
  applicationId = await submit(ctx, owner, completeApplication());
});
afterAll(async () => {
  await ctx.close();
});

describe('GET /api/Application/{id}/pdf', () => {
  it('gives the owner a PDF of every answer, labelled, in the order of the steps', async () => {
    const response = await download(ctx, owner, applicationId, 'en', 'America/Chicago');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="application-${applicationId}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pdf = await readPdf(response.rawPayload);
    expect(pdf.text).toContain('Child Care Assistance Provider Portal');
    expect(pdf.text).toContain('Registered provider application');
    expect(pdf.text).toContain(`Your application number is ${applicationId}.`);
    expect(pdf.text).toMatch(/Submitted on \w+ \d+, \d{4} at \d+:\d\d [AP]M \((CST|CDT)\)/);
    for (const value of ['Maria', 'Lopez', 'Little Oaks Home Care', '(515) 555-0142', '120 Oak Street']) {
      expect(pdf.text).toContain(value);
    }
    // Labels and lookups in words, people listed, money per half day, hours of the language.
    expect(pdf.text).toMatch(answer('Phone number', '(515) 555-0142'));
    expect(pdf.text).toContain('Registered child development home');
    expect(pdf.text).toMatch(answer('Relationship to you', 'Spouse'));
    expect(pdf.text).toContain('Person 1');
    expect(pdf.text).toContain('$16.63 per half day');
    // The answers the program's rules ask of a category B home: children by age, the QRS level.
    expect(pdf.text).toMatch(answer('Children not yet in school', '6'));
    expect(pdf.text).toMatch(answer('Of them, aged 12 months or younger', '1'));
    expect(pdf.text).toMatch(answer('Quality Rating System (QRS) level', 'No rating'));
    expect(pdf.text).toMatch(answer('Monday', '7:00 AM to 5:30 PM'));
    expect(pdf.text).toMatch(answer('Sunday', 'Closed'));
    expect(pdf.text).toContain('English\nSpanish');
    // Conditions accepted and the electronic signature.
    expect(pdf.text).toMatch(answer('I have read and accept these conditions', 'Yes'));
    expect(pdf.text).toMatch(answer('Your full legal name', 'Maria Lopez'));
    expect(pdf.text).toMatch(/Date signed\s*\w+ \d+, \d{4}/);

    const steps: Record<string, { title: string }> = english.application.steps;
    const positions = applicationSteps.map((step) => pdf.text.indexOf(`${steps[step.id]!.title}\n`));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    expect(pdf.info).toMatchObject({
      Title: `Registered provider application #${applicationId}`,
      Author: ctx.profile.productName.en,
      Language: 'en-US',
    });
  });

  it('never shows the taxpayer number in full, only its last four digits', async () => {
    const pdf = await readPdf((await download(ctx, owner, applicationId, 'en')).rawPayload);
    expect(pdf.text).toMatch(answer('Taxpayer identification number', '•••••6789'));
    expect(pdf.text.replace(/\D/g, '')).not.toContain('123456789');
    expect(pdf.text).not.toMatch(/123.?45/);
  });

  it('is not found for anyone else, and asks who is calling when nobody signed in', async () => {
    const other = await download(ctx, stranger, applicationId, 'en');
    expect(other.statusCode).toBe(404);
    expect(other.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
    expect(other.json()).toMatchObject({ status: 404, detail: 'The application was not found.' });
    // The same answer as for an application that does not exist.
    const missing = await download(ctx, owner, applicationId + 1000, 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(other.json().detail);

    const anonymous = await download(ctx, undefined, applicationId, 'en');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
  });

  it("lets a service worker of the application's county and administrators download it, not other counties", async () => {
    const story = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
    const polk = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
    const admin = await createUser(ctx, 'Admin', 'administrator');
    expect((await download(ctx, story, applicationId, 'en')).statusCode).toBe(200);
    expect((await download(ctx, admin, applicationId, 'en')).statusCode).toBe(200);
    expect((await download(ctx, polk, applicationId, 'en')).statusCode).toBe(404);
  });

  it('refuses a language the portal does not have (Arabic is "ae"), and a made-up time zone: 400', async () => {
    for (const query of ['lang=ar', 'lang=xx', 'lang=EN', 'tz=Mars%2FOlympus']) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/Application/${applicationId}/pdf?${query}`,
        headers: owner.headers,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toContain(PROBLEM_CONTENT_TYPE);
    }
    const notAnId = await ctx.app.inject({ method: 'GET', url: '/api/Application/abc/pdf', headers: owner.headers });
    expect(notAnId.statusCode).toBe(400);
  });

  it("speaks the user's preferred language when none is asked for", async () => {
    const settings = (language: LocaleCode) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/User/me/settings',
        headers: stranger.headers,
        payload: {
          preferredLanguage: language,
          notificationPreferences: { email: Object.fromEntries(notificationEvents.map((event) => [event, true])) },
        },
      });
    expect((await settings('ja')).statusCode).toBe(200);
    const id = await submit(ctx, stranger, completeApplication());
    const pdf = await readPdf((await download(ctx, stranger, id)).rawPayload);
    expect(pdf.text).toContain(ctx.profile.productName.ja!);
    expect(pdf.info.Language).toBe('ja-JP');
  });

  it('sets Japanese names and any script typed into an English copy', async () => {
    const application = completeApplication();
    application.providerInfo = { ...application.providerInfo, firstName: '花子', lastName: 'Παπαδοπούλου' };
    application.conditions = {
      ...application.conditions,
      signature: { fullName: 'Анна Дарья 山田はなこ', signedOn: new Date().toISOString().slice(0, 10) },
    };
    const id = await submit(ctx, owner, application);
    const response = await download(ctx, owner, id, 'ja');
    expect(response.statusCode).toBe(200);
    const pdf = await readPdf(response.rawPayload);
    for (const text of ['花子', 'Παπαδοπούλου', 'Анна Дарья 山田はなこ', ctx.profile.productName.ja!]) {
      expect(pdf.text).toContain(text);
    }
  });
});

describe('the Arabic copy', () => {
  let arabic: TestContext;
  beforeAll(async () => {
    // Translations of its own: the real English, and an Arabic with a few labels, so that both
    // a translated label and the English fallback are seen.
    const arabicLabels = {
      application: {
        steps: { 'provider-information': { title: 'معلومات مقدّم الرعاية' } },
        fields: { firstName: 'الاسم الأول', businessName: 'اسم النشاط التجاري (اختياري)' },
        confirmation: { body: 'رقم طلبك هو {{id}}.' },
      },
    };
    const locales = createLocaleSource(async (code) => (code === 'ae' ? arabicLabels : loadCatalogue(code)));
    arabic = await createTestApp({}, undefined, { locales });
  });
  afterAll(async () => {
    await arabic?.close();
  });

  it('is right to left, with Arabic labels shaped and readable, falling back to English', async () => {
    const user = await createUser(arabic, 'Arabic Reader');
    const application = completeApplication();
    application.providerInfo = { ...application.providerInfo, businessName: 'دار الأطفال (الرعاية)' };
    const id = await submit(arabic, user, application);
    const response = await download(arabic, user, id, 'ae');
    expect(response.statusCode).toBe(200);
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.info.Language).toBe('ar');
    expect(pdf.info.Author).toBe(arabic.profile.productName.ae);
    for (const text of [
      arabic.profile.productName.ae!,
      'معلومات مقدّم الرعاية',
      'الاسم الأول',
      // pdf.js orders the words of a mixed line by its own rules; each word reads right.
      'دار الأطفال',
      '(الرعاية)',
      // Not translated in this build: the English label.
      'Last name',
    ]) {
      expect(pdf.text).toContain(text);
    }
  });
});
