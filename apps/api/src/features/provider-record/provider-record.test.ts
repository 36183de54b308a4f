import { type MyProviderRecord, type ProviderRecordView, plusDays } from '@ccap/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

let ctx: TestContext;
let provider: TestUser;
let otherApplicant: TestUser;
let storyWorker: TestUser;
let polkWorker: TestUser;
let admin: TestUser;
let applicationId: number;

const get = (user: TestUser, url: string) => ctx.app.inject({ method: 'GET', url, headers: user.headers });
const staffStatus = (user: TestUser, id: number, action: string, version: number) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/Staff/applications/${id}/status`,
    headers: user.headers,
    payload: { action, version },
  });

/** Submits, reviews and approves an application of `owner` in Story county. */
async function approved(owner: TestUser, businessName = 'Little Oaks Home Care') {
  const answers = completeApplication();
  answers.providerInfo = { ...answers.providerInfo, businessName };
  const id = await submitApplication(ctx, owner, answers);
  expect((await staffStatus(storyWorker, id, 'start-review', 1)).statusCode).toBe(200);
  expect((await staffStatus(storyWorker, id, 'approve', 2)).statusCode).toBe(200);
  return id;
}

const recordOf = async (user: TestUser, id: number, on?: string) => {
  const response = await get(user, `/api/ProviderRecord/${id}${on ? `?on=${on}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json<ProviderRecordView>();
};

beforeAll(async () => {
  ctx = await createTestApp();
  provider = await createUser(ctx, 'Provider');
  otherApplicant = await createUser(ctx, 'Other Applicant');
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
  admin = await createUser(ctx, 'Admin', 'administrator');
  applicationId = await approved(provider);
});
afterAll(async () => {
  await ctx.close();
});

describe('the record an approval makes', () => {
  it('holds the approved answers as version 1, in force from today, protected answers masked', async () => {
    const today = ctx.app.repositories.providerRecords.today();
    const record = await recordOf(provider, applicationId);
    expect(record).toMatchObject({
      applicationId,
      licenseNumber: `CCA-${String(applicationId).padStart(7, '0')}`,
      status: 'active',
      county: 'Story',
      on: today,
      currentVersion: 1,
      inForce: { version: 1, validFrom: today, validTo: null },
    });
    expect(record.inForce?.answers.providerInfo?.businessName).toBe('Little Oaks Home Care');
    expect(record.inForce?.answers.w9Info?.tin).toBe('•••-••-6789');
    expect(JSON.stringify(record)).not.toContain('123-45-6789');
    expect(record.history).toEqual([
      expect.objectContaining({
        version: 1,
        validFrom: today,
        validTo: null,
        changed: [],
        changedBy: expect.anything(),
      }),
    ]);
    expect(record.history[0]!.changedBy.kind).toBe('agency');
  });

  it('is sealed at rest under a data key of its own', async () => {
    const row = await ctx.database.db
      .selectFrom('provider_record_version as v')
      .innerJoin('provider_record as r', 'r.id', 'v.record_id')
      .select(['v.data_key', sql<string>`v.application_json::text`.as('json')])
      .where('r.application_id', '=', applicationId)
      .executeTakeFirstOrThrow();
    expect(row.data_key).toMatch(/^k1\./);
    expect(row.json).not.toContain('123-45-6789');
  });

  it("is the owner's own record on GET /api/ProviderRecord; an applicant without one gets null", async () => {
    const mine = await get(provider, '/api/ProviderRecord');
    expect(mine.statusCode).toBe(200);
    expect(mine.json<MyProviderRecord>().record?.applicationId).toBe(applicationId);
    const none = await get(otherApplicant, '/api/ProviderRecord');
    expect(none.statusCode).toBe(200);
    expect(none.json<MyProviderRecord>()).toEqual({ record: null });
  });

  it("is read by the owner, the county's worker and an administrator; 404 for anyone else", async () => {
    for (const user of [provider, storyWorker, admin]) {
      expect((await get(user, `/api/ProviderRecord/${applicationId}`)).statusCode).toBe(200);
    }
    for (const user of [polkWorker, otherApplicant]) {
      const response = await get(user, `/api/ProviderRecord/${applicationId}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    expect((await get(admin, '/api/ProviderRecord/99999999')).statusCode).toBe(404);
    expect((await get(admin, `/api/ProviderRecord/${applicationId}?on=3-March`)).statusCode).toBe(400);
  });

  it("logs a worker's read for the owner, not the owner's own", async () => {
    const reads = await get(provider, `/api/Application/${applicationId}/reads`);
    const items = reads.json<{ items: { action: string }[] }>().items;
    expect(items.some((item) => item.action === 'application.read')).toBe(true);
  });
});

describe('versions', () => {
  it('answers the version in force on a given day, and the history with what changed', async () => {
    const records = ctx.app.repositories.providerRecords;
    const record = (await records.find(applicationId))!;
    const today = records.today();
    // Version 1 began ten days ago; version 2 (a new address) from yesterday.
    await ctx.database.db
      .updateTable('provider_record_version')
      .set({ valid_from: plusDays(today, -10) })
      .where('record_id', '=', record.id)
      .execute();
    const current = await records.current(record.id);
    const moved = {
      ...current.answers,
      address: {
        ...current.answers.address,
        careLocation: { address1: '9 Elm Street', city: 'Ames', state: 'IA', zipCode: '50014' },
      },
    };
    const result = await ctx.database.db.transaction().execute((trx) =>
      records.addVersion(trx, {
        recordId: record.id,
        basedOn: 1,
        answers: moved,
        validFrom: plusDays(today, -1),
        actor: { id: provider.id, label: 'provider', requestId: 'test' },
        reason: 'We moved',
        changeId: null,
      }),
    );
    expect(result).toMatchObject({ outcome: 'done', version: 2, directory: 'published' });

    const then = await recordOf(storyWorker, applicationId, plusDays(today, -5));
    expect(then.inForce).toMatchObject({ version: 1, validFrom: plusDays(today, -10), validTo: plusDays(today, -1) });
    expect(then.inForce?.answers.address?.careLocation?.address1).toBe('120 Oak Street');
    const now = await recordOf(storyWorker, applicationId);
    expect(now.inForce).toMatchObject({ version: 2, validFrom: plusDays(today, -1), validTo: null });
    expect(now.inForce?.answers.address?.careLocation?.address1).toBe('9 Elm Street');
    expect((await recordOf(storyWorker, applicationId, plusDays(today, -11))).inForce).toBeNull();
    expect(
      now.history.map((version) => [version.version, version.changed, version.changedBy.kind, version.reason]),
    ).toEqual([
      [1, [], 'agency', null],
      [2, ['address'], 'provider', 'We moved'],
    ]);

    // The public directory lists the provider at the new address.
    const listed = await ctx.database.db
      .selectFrom('provider')
      .select(['address1', 'zip'])
      .where('license_number', '=', now.licenseNumber)
      .executeTakeFirstOrThrow();
    expect(listed).toEqual({ address1: '9 Elm Street', zip: '50014' });
  });

  it('refuses a version based on one no longer current, or beginning before the current one', async () => {
    const records = ctx.app.repositories.providerRecords;
    const record = (await records.find(applicationId))!;
    const current = await records.current(record.id);
    const attempt = (basedOn: number, validFrom: string) =>
      ctx.database.db.transaction().execute((trx) =>
        records.addVersion(trx, {
          recordId: record.id,
          basedOn,
          answers: current.answers,
          validFrom,
          actor: null,
          reason: null,
          changeId: null,
        }),
      );
    expect(await attempt(1, records.today())).toEqual({ outcome: 'stale', currentVersion: 2 });
    expect(await attempt(2, plusDays(records.today(), -3))).toEqual({
      outcome: 'too-early',
      since: plusDays(records.today(), -1),
    });
    expect((await records.history(record.id)).length).toBe(2);
  });

  it('makes at start-up the records of applications approved before records existed', async () => {
    const other = await approved(otherApplicant, 'Sunny Days');
    const records = ctx.app.repositories.providerRecords;
    const made = (await records.find(other))!;
    await ctx.database.db.deleteFrom('provider_record_version').where('record_id', '=', made.id).execute();
    await ctx.database.db.deleteFrom('provider_record').where('id', '=', made.id).execute();
    expect(await records.backfill()).toBe(1);
    const again = await recordOf(otherApplicant, other);
    expect(again.inForce?.answers.providerInfo?.businessName).toBe('Sunny Days');
    expect(again.history[0]!.changedBy.kind).toBe('program');
    expect(await records.backfill()).toBe(0);
  });
});
