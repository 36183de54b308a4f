import type {
  BulkActionResponse,
  Message,
  MessageList,
  StaffApplication,
  StaffQueueResponse,
  UserSettings,
} from '@ccap/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationInCounty } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

let ctx: TestContext;
let applicant: TestUser;
let polkWorker: TestUser;
let polkColleague: TestUser;
let storyWorker: TestUser;
let admin: TestUser;
const polkIds: number[] = [];
let storyId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  applicant = await createUser(ctx, 'Applicant');
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
  polkColleague = await createUser(ctx, 'Polk Colleague', 'service-worker', ['Polk']);
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  admin = await createUser(ctx, 'Admin', 'administrator');
  for (let index = 0; index < 6; index += 1) {
    polkIds.push(await submitApplication(ctx, applicant, applicationInCounty('Polk', `Bulk Polk ${index}`)));
  }
  storyId = await submitApplication(ctx, applicant, applicationInCounty('Story', 'Bulk Story'));
});
afterAll(async () => {
  await ctx.close();
});

const post = (user: TestUser, url: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: user.headers, payload: payload as object });
const listed = async (user: TestUser) => {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/Staff/applications?pageSize=100&sort=applicationId',
    headers: user.headers,
  });
  return response.json<StaffQueueResponse>().items;
};
const versionsOf = async (user: TestUser, ids: number[]) =>
  (await listed(user))
    .filter((item) => ids.includes(item.applicationId))
    .map((item) => ({ applicationId: item.applicationId, version: item.version }));
const bulk = async (user: TestUser, payload: unknown, status = 200) => {
  const response = await post(user, '/api/Staff/bulk-actions', payload);
  expect(response.statusCode, response.body).toBe(status);
  return response.json<BulkActionResponse>();
};
const auditCount = async (action: string, ids: number[]) =>
  Number(
    (
      await ctx.database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('action', '=', action)
        .where('entity_type', '=', 'application')
        .where('entity_id', 'in', ids.map(String))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('bulk actions', () => {
  it('assigns every chosen row to a colleague, each audited, and refuses the rows changed since they were listed', async () => {
    const items = await versionsOf(polkWorker, polkIds.slice(0, 4));
    // Someone else moves one of them after the list was read.
    const changed = items[1]!;
    expect(
      (
        await post(polkColleague, `/api/Staff/applications/${changed.applicationId}/assign`, {
          assignee: 'me',
          version: changed.version,
        })
      ).statusCode,
    ).toBe(200);
    const answer = await bulk(polkWorker, {
      action: { kind: 'assign', assigneeId: polkColleague.id },
      target: { items },
    });
    expect(answer).toMatchObject({ kind: 'assign', done: 3, refused: 1 });
    expect(answer.items.find((item) => item.applicationId === changed.applicationId)).toMatchObject({
      outcome: 'refused',
      reason: 'versionConflict',
      providerName: 'Bulk Polk 1',
    });
    const after = await listed(polkWorker);
    for (const item of items) {
      expect(after.find((row) => row.applicationId === item.applicationId)?.assignee?.id).toBe(polkColleague.id);
    }
    expect(
      await auditCount(
        'application.assigned',
        items.map((item) => item.applicationId),
      ),
    ).toBe(4);
  });

  it('refuses per item what the caller may not review, and a worker who does not work there', async () => {
    const [polk] = await versionsOf(admin, [polkIds[4]!]);
    const [story] = await versionsOf(admin, [storyId]);
    // A Polk worker naming a Story application: it does not exist for them.
    const answer = await bulk(polkWorker, { action: { kind: 'startReview' }, target: { items: [polk, story] } });
    expect(answer.items).toEqual([
      expect.objectContaining({ applicationId: polk!.applicationId, outcome: 'done' }),
      expect.objectContaining({ applicationId: storyId, outcome: 'refused', reason: 'notFound' }),
    ]);
    // An administrator assigning a Story application to a Polk worker.
    const [storyNow] = await versionsOf(admin, [storyId]);
    const assigned = await bulk(admin, {
      action: { kind: 'assign', assigneeId: polkWorker.id },
      target: { items: [storyNow] },
    });
    expect(assigned.items[0]).toMatchObject({ outcome: 'refused', reason: 'workerOutOfCounty' });
  });

  it('starts review on all matching, and says why the decided or already started ones were not', async () => {
    const answer = await bulk(polkWorker, {
      action: { kind: 'startReview' },
      target: { filters: { county: 'Polk' } },
    });
    expect(answer.items.map((item) => item.applicationId).sort()).toEqual([...polkIds].sort());
    // polkIds[4] was started by the previous test: not a transition any more.
    expect(answer.items.find((item) => item.applicationId === polkIds[4])).toMatchObject({
      outcome: 'refused',
      reason: 'invalidTransition',
    });
    expect(answer.done).toBe(5);
  });

  it('requests a document on the version listed, which the request does not move', async () => {
    const items = await versionsOf(polkWorker, polkIds.slice(0, 2));
    const requested = await bulk(polkWorker, {
      action: { kind: 'requestDocument', documentName: 'Lease', description: 'The signed lease.' },
      target: { items },
    });
    expect(requested.done).toBe(2);
    const documents = await ctx.database.db
      .selectFrom('application_document')
      .select('application_id')
      .where('document_name', '=', 'Lease')
      .execute();
    expect(documents.map((row) => row.application_id).sort()).toEqual(polkIds.slice(0, 2).sort());
    // The same versions again: both are done once more.
    const again = await bulk(polkWorker, {
      action: { kind: 'requestDocument', documentName: 'Lease 2', description: 'Again.' },
      target: { items },
    });
    expect(again.done).toBe(2);
    expect(await versionsOf(polkWorker, polkIds.slice(0, 2))).toEqual(items);
  });

  it('answers a clear problem for bad input and changes nothing', async () => {
    const items = await versionsOf(polkWorker, [polkIds[5]!]);
    expect(
      (await post(polkWorker, '/api/Staff/bulk-actions', { action: { kind: 'startReview' }, target: { items: [] } }))
        .statusCode,
    ).toBe(400);
    const unknown = await post(polkWorker, '/api/Staff/bulk-actions', {
      action: { kind: 'assign', assigneeId: applicant.id },
      target: { items },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ type: 'urn:ccap:problem:bulk-worker' });
    const outOfCounty = await post(polkWorker, '/api/Staff/bulk-actions', {
      action: { kind: 'assign', assigneeId: storyWorker.id },
      target: { items },
    });
    expect(outOfCounty.statusCode).toBe(422);
    const none = await post(polkWorker, '/api/Staff/bulk-actions', {
      action: { kind: 'startReview' },
      target: { filters: { county: 'Woodbury' } },
    });
    expect(none.statusCode).toBe(422);
    // A provider may not use it at all.
    expect(
      (await post(applicant, '/api/Staff/bulk-actions', { action: { kind: 'startReview' }, target: { items } }))
        .statusCode,
    ).toBe(403);
    expect(await versionsOf(polkWorker, [polkIds[5]!])).toEqual(items);
  });

  it('lists the workers an assignment may name: those sharing a county, and administrators', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/Staff/workers', headers: polkWorker.headers });
    const names = response.json<{ workers: { name: string }[] }>().workers.map((worker) => worker.name);
    expect(names).toEqual(expect.arrayContaining(['Polk Worker', 'Polk Colleague', 'Admin']));
    expect(names).not.toContain('Story Worker');
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/Staff/workers', headers: applicant.headers })).statusCode,
    ).toBe(403);
  });
});

describe('a bulk message', () => {
  const text = 'Our office is closed on Friday.\nCall {{name}} on Monday: <b>555-0100</b>.';
  let quiet: TestUser;
  let quietId: number;

  beforeAll(async () => {
    // A provider who reads Spanish and wants no mail for staff messages.
    quiet = await createUser(ctx, 'Quiet Applicant');
    quietId = await submitApplication(ctx, quiet, applicationInCounty('Polk', 'Bulk Quiet'));
    const me = await ctx.app.inject({ method: 'GET', url: '/api/User/me', headers: quiet.headers });
    const { notificationPreferences } = me.json<{ profile: UserSettings }>().profile;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/User/me/settings',
      headers: quiet.headers,
      payload: {
        preferredLanguage: 'es',
        notificationPreferences: { email: { ...notificationPreferences.email, staffMessage: false } },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The other provider's settings were stored before staff messages existed: mail is on for them.
    await sql`update app_user set notification_preferences = notification_preferences #- '{email,staffMessage}'
      where id = ${applicant.id}`.execute(ctx.database.db);
  });

  const rowsOf = async (ids: number[]) =>
    (await listed(polkWorker))
      .filter((item) => ids.includes(item.applicationId))
      .map(({ applicationId, status, version }) => ({ applicationId, status, version }));
  const inboxOf = async (user: TestUser, applicationId: number) => {
    const list = await ctx.app.inject({ method: 'GET', url: '/api/Messages?limit=100', headers: user.headers });
    const found = list
      .json<MessageList>()
      .items.filter((item) => item.event === 'staffMessage' && item.applicationId === applicationId);
    return Promise.all(
      found.map(async (item) =>
        (
          await ctx.app.inject({ method: 'GET', url: `/api/Messages/${item.id}`, headers: user.headers })
        ).json<Message>(),
      ),
    );
  };
  const mailsTo = (user: TestUser) =>
    ctx.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'body_text'])
      .where('kind', '=', 'notification.staffMessage')
      .where('to_address', '=', user.email)
      .execute();

  it("reaches each provider's inbox as written, mails as their settings say, and leaves the application as it was", async () => {
    const ids = [polkIds[2]!, quietId];
    const before = await rowsOf(ids);
    const answer = await bulk(polkWorker, {
      action: { kind: 'sendMessage', message: text },
      target: { items: before.map(({ applicationId, version }) => ({ applicationId, version })) },
    });
    expect(answer).toMatchObject({ kind: 'sendMessage', done: 2, refused: 0 });
    expect(answer.items).toEqual(
      before.map(({ applicationId, version }) => ({ applicationId, outcome: 'done', version })),
    );
    // Same status, same version, and nothing asked of the provider.
    expect(await rowsOf(ids)).toEqual(before);
    expect(await ctx.database.db.selectFrom('rfi').select('id').where('application_id', 'in', ids).execute()).toEqual(
      [],
    );

    const [english, ...moreEnglish] = await inboxOf(applicant, polkIds[2]!);
    expect(moreEnglish).toEqual([]);
    expect(english).toMatchObject({
      title: 'A message from the program about your application Bulk Polk 2',
      links: [{ kind: 'application', href: '/dashboard' }],
      mail: { to: applicant.email },
    });
    expect(english!.body).toContain(text);
    const [mail, ...moreMail] = await mailsTo(applicant);
    expect(moreMail).toEqual([]);
    expect(mail!.subject).toBe(english!.title);
    expect(mail!.body_text).toContain(text);
    expect(mail!.body_text).toContain('/dashboard');

    // The lead in the provider's language; the worker's words as the worker wrote them.
    const [spanish] = await inboxOf(quiet, quietId);
    expect(spanish).toMatchObject({
      title: 'Un mensaje del programa sobre su solicitud Bulk Quiet',
      mail: null,
    });
    expect(spanish!.body).toContain(text);
    expect(await mailsTo(quiet)).toEqual([]);
    const bell = await ctx.database.db
      .selectFrom('notification')
      .select('user_id')
      .where('event', '=', 'staffMessage')
      .execute();
    expect(bell.map((row) => row.user_id).sort()).toEqual([applicant.id, quiet.id].sort());

    // Audited per item, and shown in the review page's history.
    expect(await auditCount('application.message', ids)).toBe(2);
    const review = await ctx.app.inject({
      method: 'GET',
      url: `/api/Staff/applications/${quietId}`,
      headers: polkColleague.headers,
    });
    expect(review.json<StaffApplication>().auditTrail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: 'application.message',
          actorLabel: polkWorker.email,
          after: { message: text },
        }),
      ]),
    );
  });

  it("refuses another county's application and one changed since it was listed, and sends nothing for them", async () => {
    const [changed, untouched] = await versionsOf(polkWorker, [polkIds[3]!, polkIds[5]!]);
    const [story] = await versionsOf(admin, [storyId]);
    // A colleague takes one of them after the list was read.
    expect(
      (
        await post(polkColleague, `/api/Staff/applications/${changed!.applicationId}/assign`, {
          assignee: 'me',
          version: changed!.version,
        })
      ).statusCode,
    ).toBe(200);
    const answer = await bulk(polkWorker, {
      action: { kind: 'sendMessage', message: 'Bring your lease.' },
      target: { items: [changed, story, untouched] },
    });
    expect(answer.items).toEqual([
      expect.objectContaining({ applicationId: changed!.applicationId, outcome: 'refused', reason: 'versionConflict' }),
      expect.objectContaining({ applicationId: storyId, outcome: 'refused', reason: 'notFound' }),
      { applicationId: untouched!.applicationId, outcome: 'done', version: untouched!.version },
    ]);
    const delivered = await ctx.database.db
      .selectFrom('message')
      .select('application_id')
      .where('event', '=', 'staffMessage')
      .where('body', 'like', '%Bring your lease.%')
      .execute();
    expect(delivered).toEqual([{ application_id: untouched!.applicationId }]);
    expect(await auditCount('application.message', [changed!.applicationId, storyId])).toBe(0);
    // The Story worker does not see the Polk worker's message in Story's history either: none was written.
    const review = await ctx.app.inject({
      method: 'GET',
      url: `/api/Staff/applications/${storyId}`,
      headers: storyWorker.headers,
    });
    expect(review.json<StaffApplication>().auditTrail.map((entry) => entry.action)).not.toContain(
      'application.message',
    );
  });
});

describe('a bulk action on 500 rows of which 20 changed meanwhile', () => {
  it('finishes the 480, reports the 20, and leaves no item half done', async () => {
    const linnWorker = await createUser(ctx, 'Linn Worker', 'service-worker', ['Linn']);
    const linnColleague = await createUser(ctx, 'Linn Colleague', 'service-worker', ['Linn']);
    // 500 submitted applications in one statement: the action under test is the bulk one, not the submission.
    const { db } = ctx.database;
    await sql`
      insert into application (owner_id, draft_id, provider_type, status, application_json, provider_name, county)
      select ${applicant.id}::uuid, 100000 + g, 'registeredprovider', 'submitted', '{}'::jsonb,
        'Bulk Linn ' || g, 'Linn'
      from generate_series(1, 500) g`.execute(db);
    const listed500 = await db
      .selectFrom('application')
      .select(['id as applicationId', 'version'])
      .where('county', '=', 'Linn')
      .orderBy('id')
      .execute();
    expect(listed500).toHaveLength(500);
    // After the list was read, a colleague takes every 25th one through the single action.
    const changed = listed500.filter((_, index) => index % 25 === 7);
    for (const item of changed) {
      const response = await post(linnColleague, `/api/Staff/applications/${item.applicationId}/assign`, {
        assignee: 'me',
        version: item.version,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(changed).toHaveLength(20);

    const answer = await bulk(linnWorker, {
      action: { kind: 'assign', assigneeId: linnWorker.id },
      target: { items: listed500 },
    });
    expect(answer).toMatchObject({ kind: 'assign', done: 480, refused: 20 });
    const changedIds = new Set(changed.map((item) => item.applicationId));
    expect(
      answer.items
        .filter((item) => item.outcome === 'refused')
        .map((item) => [item.applicationId, item.outcome === 'refused' && item.reason]),
    ).toEqual(changed.map((item) => [item.applicationId, 'versionConflict']));

    // Each one is whole: done ones are assigned, one version on, with their audit entry; the 20 are as the colleague left them.
    const after = await db
      .selectFrom('application')
      .select(['id', 'assignee_id', 'version'])
      .where('county', '=', 'Linn')
      .orderBy('id')
      .execute();
    const before = new Map(listed500.map((item) => [item.applicationId, item.version]));
    for (const row of after) {
      expect({ id: row.id, assignee: row.assignee_id, version: row.version }).toEqual({
        id: row.id,
        assignee: changedIds.has(row.id) ? linnColleague.id : linnWorker.id,
        version: before.get(row.id)! + 1,
      });
    }
    const audited = await db
      .selectFrom('audit_log')
      .select(['entity_id', 'actor_id'])
      .where('action', '=', 'application.assigned')
      .where(
        'entity_id',
        'in',
        listed500.map((item) => String(item.applicationId)),
      )
      .execute();
    const byWorker = audited
      .filter((entry) => entry.actor_id === linnWorker.id)
      .map((entry) => Number(entry.entity_id));
    expect(byWorker).toHaveLength(480);
    expect(byWorker.some((id) => changedIds.has(id))).toBe(false);
    expect(audited).toHaveLength(500);
  }, 120_000);
});
