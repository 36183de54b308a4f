import { API_KEY_PREFIX, type CreatedApiKey, type IntegrationRecordPage } from '@ccap/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';
import { fixedClock } from '../../lib/clock';
import { englishLabels } from '../../plugins/problem';

const clock = fixedClock('2026-11-20T12:00:00Z');
const PER_MINUTE = 30;
let ctx: TestContext;
let admin: TestUser;
let owner: TestUser;

beforeAll(async () => {
  const defaults = (await import('../../env')).loadConfig();
  ctx = await createTestApp({ rateLimits: { ...defaults.rateLimits, integration: PER_MINUTE } }, undefined, { clock });
  admin = await createUser(ctx, 'Key Admin', 'administrator');
  owner = await createUser(ctx, 'Bulk Owner');
}, 180_000);
afterAll(async () => {
  await ctx.close();
});

const answers = completeApplication();
let nextDraft = 1_000_000;

/** `count` approved records in `county`, written straight in SQL (clear answers, as before sealing). */
async function insertRecords(count: number, county = (n: number) => (n % 2 === 0 ? 'Polk' : 'Story')) {
  const first = nextDraft;
  nextDraft += count;
  const counties = Array.from({ length: count }, (_, index) => county(index));
  const db = ctx.database.db;
  await sql`insert into application (owner_id, draft_id, provider_type, status, application_json, provider_name, county, decided_at)
    select ${owner.id}::uuid, ${first} + g - 1, 'registeredprovider', 'approved', ${JSON.stringify(answers)}::jsonb,
      'Bulk provider ' || (${first} + g - 1), (${counties}::text[])[g], now()
    from generate_series(1, ${count}) g`.execute(db);
  await sql`insert into provider_record (application_id, owner_id, county, ends_on)
    select id, owner_id, county, date '2028-01-01' from application where draft_id >= ${first} and draft_id < ${first + count}
    order by id`.execute(db);
  await sql`insert into provider_record_version (record_id, version, application_json, valid_from)
    select r.id, 1, a.application_json, date '2026-01-01'
    from provider_record r join application a on a.id = r.application_id
    where a.draft_id >= ${first} and a.draft_id < ${first + count}`.execute(db);
}

async function createKey(
  body: Partial<{ name: string; counties: string[]; resources: string[]; expiresOn: string }> = {},
  as: TestUser = admin,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/Admin/api-keys',
    headers: as.headers,
    payload: {
      name: 'Payment system',
      counties: ['Polk', 'Story'],
      resources: ['records', 'applications'],
      expiresOn: '2027-06-30',
      ...body,
    },
  });
}
const keyOf = async (body: Parameters<typeof createKey>[0] = {}) => (await createKey(body)).json<CreatedApiKey>();

const call = (secret: string | undefined, url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...headers },
  });

const trailOf = async (keyId: string) => ctx.app.repositories.audit.forEntity('api_key', keyId);

describe('API keys in the admin page', () => {
  it('are managed by administrators only, and bad input changes nothing', async () => {
    const worker = await createUser(ctx, 'Key Worker', 'service-worker', ['Polk']);
    for (const caller of [worker, owner]) {
      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/Admin/api-keys', headers: caller.headers })).statusCode,
      ).toBe(403);
      expect((await createKey({}, caller)).statusCode).toBe(403);
    }
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/Admin/api-keys', headers: admin.headers })).json();
    const unknownCounty = await createKey({ counties: ['Atlantis'] });
    expect(unknownCounty.statusCode).toBe(400);
    expect(unknownCounty.headers['content-type']).toContain('application/problem+json');
    expect((await createKey({ expiresOn: '2026-11-19' })).statusCode).toBe(400);
    expect((await createKey({ resources: [] })).statusCode).toBe(400);
    expect((await createKey({ resources: ['everything'] })).statusCode).toBe(400);
    expect((await createKey({ name: '  ' })).statusCode).toBe(400);
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/Admin/api-keys', headers: admin.headers })).json();
    expect(after).toEqual(before);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/Admin/api-keys/00000000-0000-4000-8000-000000000000/revoke',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    const key = await keyOf();
    const byWorker = await ctx.app.inject({
      method: 'POST',
      url: `/api/Admin/api-keys/${key.key.id}/revoke`,
      headers: worker.headers,
    });
    expect(byWorker.statusCode).toBe(403);
  });

  it('shows the secret once, keeps only its SHA-256, and lists the key with its last use', async () => {
    const created = await createKey({ name: 'Case system' });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { key, secret } = created.json<CreatedApiKey>();
    expect(secret.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(secret.startsWith(key.prefix)).toBe(true);
    expect(key).toMatchObject({ name: 'Case system', state: 'active', lastUsedAt: null, createdBy: admin.email });
    // Through the last day, in the program's time zone.
    expect(new Date(key.expiresAt).getTime()).toBeGreaterThan(Date.parse('2027-06-30T12:00:00Z'));

    const stored = await sql<Record<string, unknown>>`select * from api_key where id = ${key.id}`.execute(
      ctx.database.db,
    );
    expect(JSON.stringify(stored.rows)).not.toContain(secret.slice(API_KEY_PREFIX.length));
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/Admin/api-keys', headers: admin.headers });
    expect(listed.body).not.toContain(secret.slice(API_KEY_PREFIX.length + 6));
    expect((await trailOf(key.id)).map((row) => row.action)).toEqual(['apiKey.created']);

    expect((await call(secret, '/api/v1/applications')).statusCode).toBe(200);
    const mine = listed.json<{ data: { id: string }[] }>().data.find((row) => row.id === key.id);
    expect(mine).toBeDefined();
    const relisted = await ctx.app.inject({ method: 'GET', url: '/api/Admin/api-keys', headers: admin.headers });
    const used = relisted
      .json<{ data: { id: string; lastUsedAt: string | null }[] }>()
      .data.find((row) => row.id === key.id);
    expect(used?.lastUsedAt).toBe(clock.now().toISOString());
  });
});

describe('the integration API', () => {
  it('takes a key as a bearer token or X-Api-Key, refuses any other, and masks protected answers', async () => {
    await insertRecords(4);
    const { secret } = await keyOf({ resources: ['records'] });
    const bearer = await call(secret, '/api/v1/provider-records?limit=500');
    expect(bearer.statusCode).toBe(200);
    const header = await call(undefined, '/api/v1/provider-records?limit=500', { 'x-api-key': secret });
    expect(header.json()).toEqual(bearer.json());
    const page = bearer.json<IntegrationRecordPage>();
    expect(page.data.length).toBeGreaterThanOrEqual(4);
    expect(page.data[0]).toMatchObject({ status: 'active', providerType: 'registeredprovider', version: 1 });
    const tin = answers.w9Info?.tin;
    expect(tin).toBeTruthy();
    expect(bearer.body).not.toContain(tin);
    expect(bearer.body).not.toContain(answers.providerInfo?.dateOfBirth);

    for (const [sent, detail] of [
      [undefined, 'apiKeyMissing'],
      [`${API_KEY_PREFIX}${'A'.repeat(43)}`, 'apiKeyUnknown'],
      [admin.token, 'apiKeyUnknown'],
    ] as const) {
      const refused = await call(sent, '/api/v1/provider-records');
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['content-type']).toContain('application/problem+json');
      expect(refused.headers['www-authenticate']).toContain('Bearer');
      expect(refused.json().detail).toBe(englishLabels.t(`problemDetails.${detail}`));
    }
  });

  it("refuses a resource or a county out of the key's scope with 403, audited", async () => {
    const { key, secret } = await keyOf({ counties: ['Polk'], resources: ['records'] });
    const resource = await call(secret, '/api/v1/applications');
    expect(resource.statusCode).toBe(403);
    expect(resource.headers['content-type']).toContain('application/problem+json');
    const county = await call(secret, '/api/v1/provider-records?county=Story');
    expect(county.statusCode).toBe(403);
    const polk = await call(secret, '/api/v1/provider-records?county=Polk&limit=500');
    expect(polk.statusCode).toBe(200);
    const all = await call(secret, '/api/v1/provider-records?limit=500');
    expect(all.json<IntegrationRecordPage>().data.every((record) => record.county === 'Polk')).toBe(true);
    const trail = await trailOf(key.id);
    expect(trail.map((row) => [row.action, row.after?.route, row.after?.status, row.after?.reason])).toEqual([
      ['apiKey.created', undefined, undefined, undefined],
      ['integration.refused', '/api/v1/applications', 403, 'apiKeyResourceOutOfScope'],
      ['integration.refused', '/api/v1/provider-records', 403, 'apiKeyCountyOutOfScope'],
      ['integration.read', '/api/v1/provider-records', 200, undefined],
      ['integration.read', '/api/v1/provider-records', 200, undefined],
    ]);
    expect(trail[3]?.after?.rowCount).toBe(polk.json<IntegrationRecordPage>().data.length);
    expect(trail[3]?.actor_label).toBe('api-key:Payment system');
  });

  it('refuses an expired key (by the program clock) and a revoked one with 401, audited', async () => {
    const { key, secret } = await keyOf({ expiresOn: '2026-11-21' });
    expect((await call(secret, '/api/v1/provider-records')).statusCode).toBe(200);
    clock.set('2026-11-23T12:00:00Z');
    try {
      const expired = await call(secret, '/api/v1/provider-records');
      expect(expired.statusCode).toBe(401);
      expect(expired.json().detail).toBe(englishLabels.t('problemDetails.apiKeyExpired'));
      const listed = await ctx.app.inject({ method: 'GET', url: '/api/Admin/api-keys', headers: admin.headers });
      expect(
        listed.json<{ data: { id: string; state: string }[] }>().data.find((row) => row.id === key.id)?.state,
      ).toBe('expired');
    } finally {
      clock.set('2026-11-20T12:00:00Z');
    }
    const other = await keyOf();
    expect((await call(other.secret, '/api/v1/applications')).statusCode).toBe(200);
    const revoked = await ctx.app.inject({
      method: 'POST',
      url: `/api/Admin/api-keys/${other.key.id}/revoke`,
      headers: admin.headers,
    });
    expect(revoked.json()).toMatchObject({ state: 'revoked' });
    const refused = await call(other.secret, '/api/v1/applications');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().detail).toBe(englishLabels.t('problemDetails.apiKeyRevoked'));
    expect((await trailOf(key.id)).at(-1)?.after).toMatchObject({ status: 401, reason: 'apiKeyExpired' });
    expect((await trailOf(other.key.id)).map((row) => row.action)).toEqual([
      'apiKey.created',
      'integration.read',
      'apiKey.revoked',
      'integration.refused',
    ]);
  });

  it('answers an ETag, and 304 with no body while the page is the same', async () => {
    const { secret } = await keyOf();
    const first = await call(secret, '/api/v1/provider-records?county=Polk&limit=3');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await call(secret, '/api/v1/provider-records?county=Polk&limit=3', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const firstId = first.json<IntegrationRecordPage>().data[0]?.applicationId;
    await sql`update provider_record set status = 'ended' where application_id = ${firstId}`.execute(ctx.database.db);
    const changed = await call(secret, '/api/v1/provider-records?county=Polk&limit=3', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await sql`update provider_record set status = 'active' where application_id = ${firstId}`.execute(ctx.database.db);
  });

  it('refuses a cursor of another list or a forged one', async () => {
    const { secret } = await keyOf();
    const page = await call(secret, '/api/v1/applications?limit=1');
    const cursor = page.json<{ nextCursor: string }>().nextCursor;
    expect(cursor).toBeTruthy();
    for (const bad of [cursor, 'not-a-cursor', Buffer.from('{"k":"records","id":-1}').toString('base64url')]) {
      const refused = await call(secret, `/api/v1/provider-records?cursor=${encodeURIComponent(bad)}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['content-type']).toContain('application/problem+json');
    }
  });

  it('lists applications with their status history', async () => {
    const { secret } = await keyOf({ resources: ['applications'] });
    const target = await sql<{
      id: number;
    }>`select id from application where county = 'Polk' order by id limit 1`.execute(ctx.database.db);
    const id = target.rows[0]!.id;
    await ctx.database.db.transaction().execute((trx) =>
      ctx.app.repositories.audit.recordChange(trx, {
        actor: { id: null, label: 'test' },
        action: 'application.decided',
        entity: { type: 'application', id },
        after: { status: 'approved' },
        reason: 'All in order',
      }),
    );
    const page = await call(secret, '/api/v1/applications?county=Polk&status=approved&limit=1');
    expect(page.statusCode).toBe(200);
    expect(page.json().data[0]).toMatchObject({
      applicationId: Number(id),
      status: 'approved',
      statusHistory: [{ status: 'approved', reason: 'All in order' }],
    });
  });

  it('limits each key to its own calls a minute, answered 429 problem+json', async () => {
    const busy = await keyOf();
    const calm = await keyOf();
    for (let index = 0; index < PER_MINUTE; index += 1) {
      expect((await call(busy.secret, '/api/v1/applications?limit=1')).statusCode).toBe(200);
    }
    const limited = await call(busy.secret, '/api/v1/applications?limit=1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toContain('application/problem+json');
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await call(calm.secret, '/api/v1/applications?limit=1')).statusCode).toBe(200);
  });

  it('pages through 10,000 records with no duplicate or gap while records change', async () => {
    await insertRecords(10_000);
    const { secret } = await keyOf({ resources: ['records'] });
    const db = ctx.database.db;
    const existing = await sql<{ application_id: number }>`select application_id from provider_record
      where county in ('Polk', 'Story') order by id`.execute(db);
    const expected = existing.rows.map((row) => Number(row.application_id));
    expect(expected.length).toBeGreaterThanOrEqual(10_000);

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/v1/provider-records?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const answer = await call(secret, url);
      expect(answer.statusCode).toBe(200);
      const page = answer.json<IntegrationRecordPage>();
      seen.push(...page.data.map((record) => record.applicationId));
      cursor = page.nextCursor;
      pages += 1;
      // Meanwhile: records behind and ahead of the cursor change (a new version, an end), and
      // new ones arrive.
      const behind = seen[Math.floor(seen.length / 2)];
      const ahead = expected[Math.min(seen.length + 250, expected.length - 1)];
      await sql`update provider_record set status = 'ended' where application_id in (${behind}, ${ahead})`.execute(db);
      await sql`update provider_record_version set valid_to = date '2026-02-01'
        where valid_to is null and record_id = (select id from provider_record where application_id = ${ahead})`.execute(
        db,
      );
      await sql`insert into provider_record_version (record_id, version, application_json, valid_from)
        select r.id, (select max(version) + 1 from provider_record_version where record_id = r.id),
          ${JSON.stringify(answers)}::jsonb, date '2026-02-01' from provider_record r
        where r.application_id = ${ahead}`.execute(db);
      if (pages % 5 === 0) await insertRecords(3);
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    const missing = expected.filter((id) => !seen.includes(id));
    expect(missing).toEqual([]);
  }, 400_000);

  it('feeds changes since a moment, each record at its latest change, losing none', async () => {
    const { secret } = await keyOf({ resources: ['records'] });
    const db = ctx.database.db;
    const since = (await sql<{ now: Date }>`select now() as now`.execute(db)).rows[0]!.now.toISOString();
    await sql`update provider_record set status = 'active' where county = 'Polk'`.execute(db);
    const polk = await sql<{
      application_id: number;
    }>`select application_id from provider_record where county = 'Polk' order by id`.execute(db);
    const changedIds = polk.rows.map((row) => Number(row.application_id));
    const latest = new Map<number, string>();
    let cursor: string | null = null;
    let ends = 0;
    const caughtUp = () =>
      changedIds.every((id) => latest.has(id)) && changedIds.slice(0, ends).every((id) => latest.get(id) === 'ended');
    // The feed holds back what a transaction still running could come before (another test
    // file's, on a shared PostgreSQL server): a short page then means "not yet", so the reader
    // asks again, as a state system would, until it has caught up.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const url: string = `/api/v1/provider-records/changes?county=Polk&limit=500&since=${encodeURIComponent(since)}${
        cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
      }`;
      const answer = await call(secret, url);
      expect(answer.statusCode).toBe(200);
      const page = answer.json<IntegrationRecordPage>();
      for (const record of page.data) latest.set(record.applicationId, record.status);
      cursor = page.nextCursor;
      if (page.data.length === 500) {
        // A record already answered changes again: it comes again, later, with its new state.
        const early = changedIds[ends];
        ends += 1;
        await sql`update provider_record set status = 'ended' where application_id = ${early}`.execute(db);
        continue;
      }
      if (caughtUp() || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ends).toBeGreaterThan(5);
    expect([...latest.keys()].sort((a, b) => a - b)).toEqual([...changedIds].sort((a, b) => a - b));
    for (const id of changedIds.slice(0, ends)) expect(latest.get(id)).toBe('ended');
    // Caught up: the same cursor answers nothing new, and keeps its place.
    const idle = await call(
      secret,
      `/api/v1/provider-records/changes?county=Polk&cursor=${encodeURIComponent(cursor!)}`,
    );
    expect(idle.json()).toEqual({ data: [], nextCursor: cursor });
  }, 400_000);
});
