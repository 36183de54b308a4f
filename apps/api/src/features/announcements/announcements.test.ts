import type { Announcement, AnnouncementList } from '@ccap/contracts';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

let ctx: TestContext;
let admin: TestUser;
let storyWorker: TestUser;
let polkWorker: TestUser;
/** Story: approved (active), Spanish, mail on. */
let activeStory: TestUser;
/** Story: submitted, unregistered, Japanese (no version: English), announcements' mail off. */
let pendingStory: TestUser;
/** Story: approved, then lapsed. */
let lapsedStory: TestUser;
/** Polk: approved, advertising openings. */
let openPolk: TestUser;
/** Polk: submitted. */
let pendingPolk: TestUser;

const db = () => ctx.database.db;
const call = (user: TestUser | undefined, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: user?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const inCounty = (
  county: string,
  providerType: 'registeredprovider' | 'unregisteredprovider' = 'registeredprovider',
) => {
  const application = completeApplication(providerType);
  application.address = { ...application.address, county };
  return application;
};

const approve = async (worker: TestUser, id: number) => {
  await call(worker, 'POST', `/api/Staff/applications/${id}/status`, { action: 'start-review', version: 1 });
  const approved = await call(worker, 'POST', `/api/Staff/applications/${id}/status`, {
    action: 'approve',
    version: 2,
  });
  expect(approved.statusCode).toBe(200);
};

const audience = async (filters: Record<string, unknown>) => {
  const answer = await call(admin, 'POST', '/api/Admin/announcements/audience', { filters });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ count: number }>().count;
};

const english = { language: 'en', title: 'New rates from July', body: 'The rates change on 1 July.\n<b>Not HTML</b>' };
const spanish = { language: 'es', title: 'Nuevas tarifas en julio', body: 'Las tarifas cambian el 1 de julio.' };

const messagesOf = async (user: TestUser) =>
  (
    await sql<{ title: string; body: string; mail_id: number | null; locale: string }>`
      select title, body, mail_id, locale from message where user_id = ${user.id} and event = 'announcement'`.execute(
      db(),
    )
  ).rows;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'Announcing Admin', 'administrator');
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
  activeStory = await createUser(ctx, 'Active Story');
  pendingStory = await createUser(ctx, 'Pending Story');
  lapsedStory = await createUser(ctx, 'Lapsed Story');
  openPolk = await createUser(ctx, 'Open Polk');
  pendingPolk = await createUser(ctx, 'Pending Polk');

  await approve(storyWorker, await submitApplication(ctx, activeStory, inCounty('Story')));
  await submitApplication(ctx, pendingStory, inCounty('Story', 'unregisteredprovider'));
  const lapsedId = await submitApplication(ctx, lapsedStory, inCounty('Story'));
  await approve(storyWorker, lapsedId);
  await sql`update provider_record set ends_on = '2001-01-01' where application_id = ${lapsedId}`.execute(db());
  const openId = await submitApplication(ctx, openPolk, inCounty('Polk'));
  await approve(polkWorker, openId);
  await sql`insert into provider_opening (application_id, age_group, openings, updated_on, updated_by)
    values (${openId}, 'preschool', 3, current_date, ${openPolk.id})`.execute(db());
  await submitApplication(ctx, pendingPolk, inCounty('Polk'));

  await sql`update app_user set preferred_language = 'es' where id = ${activeStory.id}`.execute(db());
  await sql`update app_user set preferred_language = 'ja',
    notification_preferences = jsonb_set(notification_preferences, '{email,announcement}', 'false'::jsonb, true)
    where id = ${pendingStory.id}`.execute(db());
});
afterAll(async () => {
  await ctx.close();
});

describe('the audience', () => {
  it('is counted per filter', async () => {
    expect(await audience({ counties: ['Story'] })).toBe(3);
    expect(await audience({ counties: ['story '] })).toBe(3);
    expect(await audience({ counties: ['Story', 'Polk'] })).toBe(5);
    expect(await audience({ counties: ['Story'], providerTypes: ['registeredprovider'] })).toBe(2);
    expect(await audience({ counties: ['Story'], providerTypes: ['unregisteredprovider'] })).toBe(1);
    expect(await audience({ counties: ['Story', 'Polk'], statuses: ['active'] })).toBe(2);
    expect(await audience({ counties: ['Story', 'Polk'], statuses: ['lapsed'] })).toBe(1);
    expect(await audience({ counties: ['Story', 'Polk'], statuses: ['submitted'] })).toBe(2);
    expect(await audience({ counties: ['Story', 'Polk'], statuses: ['active', 'lapsed'] })).toBe(3);
    expect(await audience({ counties: ['Story', 'Polk'], withOpenings: true })).toBe(1);
    expect(await audience({ counties: ['Polk'], statuses: ['denied'] })).toBe(0);
  });

  it('refuses a county or a status the program does not have', async () => {
    const county = await call(admin, 'POST', '/api/Admin/announcements/audience', {
      filters: { counties: ['Atlantis'] },
    });
    expect(county.statusCode).toBe(400);
    expect(county.headers['content-type']).toContain('application/problem+json');
    expect(county.json<{ detail: string }>().detail).toContain('Atlantis');
    const status = await call(admin, 'POST', '/api/Admin/announcements/audience', {
      filters: { statuses: ['asleep'] },
    });
    expect(status.statusCode).toBe(400);
  });
});

describe('who may announce', () => {
  it('is an administrator only', async () => {
    const body = { sendKey: randomUUID(), filters: { counties: ['Story'] }, versions: [english] };
    for (const user of [storyWorker, activeStory]) {
      expect((await call(user, 'POST', '/api/Admin/announcements', body)).statusCode).toBe(403);
      expect((await call(user, 'GET', '/api/Admin/announcements')).statusCode).toBe(403);
      expect((await call(user, 'POST', '/api/Admin/announcements/audience', { filters: {} })).statusCode).toBe(403);
    }
    expect((await call(undefined, 'POST', '/api/Admin/announcements', body)).statusCode).toBe(401);
    const count = await sql<{ n: number }>`select count(*)::int as n from announcement`.execute(db());
    expect(count.rows[0]!.n).toBe(0);
  });
});

describe('bad input', () => {
  it.each([
    ['an empty body', [{ ...english, body: '  ' }], 'validation.announcements.bodyRequired'],
    ['no English version', [spanish], 'validation.announcements.englishRequired'],
    ['a language twice', [english, spanish, { ...spanish, title: 'Otra' }], 'validation.announcements.languageTwice'],
    ['a title of two lines', [{ ...english, title: 'One\nTwo' }], 'validation.announcements.titleOneLine'],
    ['no version at all', [], 'validation.announcements.englishRequired'],
  ])('%s is refused, and nothing is sent', async (_, versions, message) => {
    const answer = await call(admin, 'POST', '/api/Admin/announcements', {
      sendKey: randomUUID(),
      filters: { counties: ['Story'] },
      versions,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(JSON.stringify(answer.json())).toContain(message);
    const count = await sql<{ n: number }>`select count(*)::int as n from announcement`.execute(db());
    expect(count.rows[0]!.n).toBe(0);
  });

  it('an unknown county is refused, and nothing is sent', async () => {
    const answer = await call(admin, 'POST', '/api/Admin/announcements', {
      sendKey: randomUUID(),
      filters: { counties: ['Story', 'Nowhere'] },
      versions: [english],
    });
    expect(answer.statusCode).toBe(400);
    const count = await sql<{ n: number }>`select count(*)::int as n from announcement`.execute(db());
    expect(count.rows[0]!.n).toBe(0);
  });
});

describe('sending', () => {
  let sent: Announcement;
  const sendKey = randomUUID();
  const body = { sendKey, filters: { counties: ['Story'] }, versions: [english, spanish] };

  it('fixes the audience and audits the announcement with its count', async () => {
    const answer = await call(admin, 'POST', '/api/Admin/announcements', body);
    expect(answer.statusCode).toBe(201);
    sent = answer.json<Announcement>();
    expect(sent).toMatchObject({ audience: 3, delivered: 0, languages: ['en', 'es'], title: english.title });
    const entries = await ctx.app.repositories.audit.forEntity('announcement', String(sent.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'announcement.sent', actor_id: admin.id });
    expect(entries[0]!.after).toMatchObject({ audience: 3, languages: ['en', 'es'] });
  });

  it('delivers once per recipient, even with two workers at once and the send repeated', async () => {
    const { announcements } = ctx.app.repositories;
    const [first, second] = await Promise.all([
      announcements.deliverPending({ batch: 1 }),
      announcements.deliverPending({ batch: 1 }),
    ]);
    expect(first + second).toBe(3);

    const again = await call(admin, 'POST', '/api/Admin/announcements', body);
    expect(again.statusCode).toBe(200);
    expect(again.json<Announcement>().id).toBe(sent.id);
    expect(await announcements.deliverPending()).toBe(0);

    for (const user of [activeStory, pendingStory, lapsedStory]) expect(await messagesOf(user)).toHaveLength(1);
    for (const user of [openPolk, pendingPolk]) expect(await messagesOf(user)).toHaveLength(0);
    const audits = await ctx.app.repositories.audit.forEntity('announcement', String(sent.id));
    expect(audits).toHaveLength(1);
  });

  it("speaks each recipient's language, or English", async () => {
    const [spanishRead] = await messagesOf(activeStory);
    expect(spanishRead).toMatchObject({ title: spanish.title, body: spanish.body, locale: 'es' });
    const [japaneseRead] = await messagesOf(pendingStory);
    expect(japaneseRead).toMatchObject({ title: english.title, body: english.body, locale: 'en' });
    const bell = await call(activeStory, 'GET', '/api/Notifications');
    expect(JSON.stringify(bell.json())).toContain(spanish.title);
  });

  it('mails only those whose settings say so, as plain text', async () => {
    const [mailed] = await messagesOf(activeStory);
    expect(mailed!.mail_id).not.toBeNull();
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['subject', 'body_text', 'to_address'])
      .where('id', '=', mailed!.mail_id!)
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ subject: spanish.title, to_address: activeStory.email });
    expect(mail.body_text).toContain(spanish.body);
    const [unmailed] = await messagesOf(pendingStory);
    expect(unmailed!.mail_id).toBeNull();
    const [englishMail] = await messagesOf(lapsedStory);
    const text = await db()
      .selectFrom('mail_outbox')
      .select('body_text')
      .where('id', '=', englishMail!.mail_id!)
      .executeTakeFirstOrThrow();
    expect(text.body_text).toContain('<b>Not HTML</b>');
  });

  it('is listed with who, when, audience and languages', async () => {
    const answer = await call(admin, 'GET', '/api/Admin/announcements');
    expect(answer.statusCode).toBe(200);
    const [listed] = answer.json<AnnouncementList>().data;
    expect(listed).toMatchObject({
      id: sent.id,
      sentBy: admin.email,
      audience: 3,
      delivered: 3,
      languages: ['en', 'es'],
      filters: { counties: ['Story'], providerTypes: [], statuses: [], withOpenings: false },
    });
  });
});
