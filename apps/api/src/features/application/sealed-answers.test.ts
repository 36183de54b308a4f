import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { DraftApplication, StaffApplication } from '@ccap/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';
import { createFieldCipher } from '../../crypto/field-cipher';
import { type Keyring, localKeyEncryptionKey } from '../../crypto/key-encryption-key';
import { loadConfig } from '../../env';

const KEY_1 = randomBytes(32);
const KEY_2 = randomBytes(32);
const keyring = (current: number, ...versions: number[]): Keyring => ({
  current,
  keys: new Map(versions.map((version) => [version, version === 1 ? KEY_1 : KEY_2])),
});

const TIN = '123-45-6789';
let ctx: TestContext;
let applicant: TestUser;
let otherApplicant: TestUser;
let polkWorker: TestUser;
let storyWorker: TestUser;
let application: DraftApplication;
let applicationId: number;
let draftId: number;

const inPolk = () => {
  const answers = completeApplication();
  answers.address = { ...answers.address, county: 'Polk' };
  return answers;
};
const clearValues = (answers: DraftApplication) => [
  TIN,
  '123456789',
  answers.providerInfo!.dateOfBirth!,
  ...[answers.assistants, answers.children, answers.adults].flatMap((step) =>
    (step?.members ?? []).map((member) => member.dateOfBirth!),
  ),
];

beforeAll(async () => {
  // Key version 2 is known (readable) but not yet current: the first step of a rotation.
  ctx = await createTestApp({ dataKeys: { kind: 'configured', keyring: keyring(1, 1, 2) } });
  applicant = await createUser(ctx, 'Applicant');
  otherApplicant = await createUser(ctx, 'Other Applicant');
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  application = inPolk();
  applicationId = await submitApplication(ctx, applicant, application);
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/api/Application/save-my-draft-applications',
    headers: applicant.headers,
    payload: { applicationJson: JSON.stringify(application) },
  });
  expect(saved.statusCode).toBeLessThan(300);
  draftId = saved.json<{ id: number }>().id;
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

const rawRows = async () => {
  const drafts = await sql<{ id: number; application_json: string; data_key: string | null; tin_hmac: string | null }>`
    select id, application_json, data_key, tin_hmac from draft_application`.execute(ctx.database.db);
  const applications = await sql<{
    id: number;
    application_json: string;
    data_key: string | null;
    tin_hmac: string | null;
  }>`
    select id, application_json::text as application_json, data_key, tin_hmac from application`.execute(
    ctx.database.db,
  );
  return [...drafts.rows, ...applications.rows];
};

const staffView = async (user: TestUser, id = applicationId) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/Staff/applications/${id}`, headers: user.headers });
  expect(response.statusCode).toBe(200);
  return response.json<StaffApplication>();
};
const reveal = (user: TestUser, body: unknown, id = applicationId) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/Staff/applications/${id}/reveal`,
    headers: user.headers,
    payload: body as object,
  });

describe('at rest', () => {
  it('keeps no taxpayer number or date of birth in clear in any draft or application row', async () => {
    const rows = await rawRows();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.data_key).toMatch(/^k1\.1\.[0-9a-f]{12}\./);
      expect(row.tin_hmac).toMatch(/^h1\.[0-9a-f]{64}$/);
      for (const value of clearValues(application)) expect(row.application_json).not.toContain(value);
      expect(row.application_json).toContain('enc1.');
      // The other answers stay readable to the database (search, the directory, statistics).
      expect(row.application_json).toContain(application.providerInfo!.firstName!);
    }
  });

  it('holds none in a pg_dump of the database', async (test) => {
    const config = loadConfig();
    // Skipped on PGlite: pg_dump is PostgreSQL's own client, the api-postgres project runs it.
    if (config.database.kind !== 'postgres' || !ctx.database.schema) {
      return test.skip('pg_dump reads PostgreSQL only: set DATABASE_URL to run it');
    }
    const { stdout } = await promisify(execFile)(
      'pg_dump',
      ['--data-only', `--schema=${ctx.database.schema}`, config.database.url],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return { stdout: undefined };
      throw error;
    });
    // Skipped where PostgreSQL's client tools are not installed (CI's machine has them).
    if (stdout === undefined) return test.skip('no pg_dump binary on this machine');
    expect(stdout).toContain('enc1.');
    for (const value of clearValues(application)) expect(stdout).not.toContain(value);
  });

  it('gives the owner their own draft as they typed it', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/Application/get-my-draft-applications',
      headers: applicant.headers,
    });
    expect(response.statusCode).toBe(200);
    const drafts = response.json<{ id: number; applicationJson: string }[]>();
    const draft = JSON.parse(drafts.find((row) => row.id === draftId)!.applicationJson) as DraftApplication;
    expect(draft.w9Info?.tin).toBe(TIN);
    expect(draft.children?.members?.[0]?.dateOfBirth).toBe(application.children!.members![0]!.dateOfBirth);
  });

  it('does not open a value bound to another row (associated data: the row id)', async () => {
    const [row] = await ctx.database.db
      .selectFrom('application')
      .select(['id', 'application_json', 'data_key'])
      .where('id', '=', applicationId)
      .execute();
    const fieldCipher = createFieldCipher(localKeyEncryptionKey(keyring(1, 1, 2)));
    const opened = await fieldCipher.open('application', row!.id, row!.application_json, row!.data_key);
    expect((opened as DraftApplication).w9Info?.tin).toBe(TIN);
    await expect(fieldCipher.open('application', row!.id + 1, row!.application_json, row!.data_key)).rejects.toThrow();
    await expect(
      fieldCipher.open('draft_application', row!.id, row!.application_json, row!.data_key),
    ).rejects.toThrow();
    // A sealed value moved to another field of the same row does not open either.
    const answers = structuredClone(row!.application_json) as DraftApplication;
    answers.providerInfo!.dateOfBirth = answers.w9Info!.tin;
    await expect(fieldCipher.open('application', row!.id, answers, row!.data_key)).rejects.toThrow();
    // Nor under a key it was not sealed with.
    const stranger = createFieldCipher(localKeyEncryptionKey({ current: 1, keys: new Map([[1, randomBytes(32)]]) }));
    await expect(stranger.open('application', row!.id, row!.application_json, row!.data_key)).rejects.toThrow();
  });

  it('seals a row written in clear before, and reads it the same', async () => {
    const clear = inPolk();
    const { id } = await ctx.database.db
      .insertInto('draft_application')
      .values({
        owner_id: otherApplicant.id,
        provider_type: clear.providerType,
        application_json: JSON.stringify(clear),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = await ctx.app.repositories.drafts.find(otherApplicant.id, id);
    expect(JSON.parse(before!.applicationJson)).toMatchObject({ w9Info: { tin: TIN } });
    expect(await ctx.app.repositories.sealedAnswers.sealClearRows()).toBe(1);
    const raw = await ctx.database.db
      .selectFrom('draft_application')
      .select(['application_json', 'data_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(raw.data_key).not.toBeNull();
    expect(raw.application_json).not.toContain(TIN);
    const after = await ctx.app.repositories.drafts.find(otherApplicant.id, id);
    expect(JSON.parse(after!.applicationJson)).toEqual(JSON.parse(before!.applicationJson));
  });

  it('finds an application by its taxpayer number through the keyed hash', async () => {
    expect(await ctx.app.repositories.sealedAnswers.applicationIdsWithTin('123456789')).toEqual([applicationId]);
    expect(await ctx.app.repositories.sealedAnswers.applicationIdsWithTin('987-65-4321')).toEqual([]);
  });
});

describe('minimal exposure', () => {
  it('masks the staff answer: the taxpayer number to its last four digits, dates of birth entirely', async () => {
    const view = await staffView(polkWorker);
    expect(view.application.w9Info?.tin).toBe('•••-••-6789');
    expect(view.application.providerInfo?.dateOfBirth).toBe('••••-••-••');
    for (const member of [view.application.assistants, view.application.children, view.application.adults].flatMap(
      (step) => step?.members ?? [],
    )) {
      expect(member.dateOfBirth).toBe('••••-••-••');
    }
    const body = JSON.stringify(view);
    for (const value of clearValues(application)) expect(body).not.toContain(value);
  });

  it('reveals one value to staff who give a reason, and audits it', async () => {
    const reason = 'Checking the TIN against the IRS letter';
    const response = await reveal(polkWorker, { field: 'w9Info.tin', reason });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ field: 'w9Info.tin', value: TIN });
    const child = await reveal(polkWorker, { field: 'children.members.0.dateOfBirth', reason });
    expect(child.json()).toEqual({
      field: 'children.members.0.dateOfBirth',
      value: application.children!.members![0]!.dateOfBirth,
    });
    const entries = await ctx.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'application.reveal')
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => [entry.actor_id, entry.entity_id, entry.after, entry.reason])).toEqual([
      [polkWorker.id, String(applicationId), { field: 'w9Info.tin' }, reason],
      [polkWorker.id, String(applicationId), { field: 'children.members.0.dateOfBirth' }, reason],
    ]);
    // The audit entry itself holds no value (its chain hashes are hex, where any digits may stand).
    expect(JSON.stringify(entries.map(({ hash: _hash, prev_hash: _prev, ...entry }) => entry))).not.toContain('6789');
  });

  it('refuses a reveal without a reason, of an unknown field, or of an answer not given', async () => {
    const count = async () =>
      (await ctx.database.db.selectFrom('audit_log').select('id').where('action', '=', 'application.reveal').execute())
        .length;
    const before = await count();
    expect((await reveal(polkWorker, { field: 'w9Info.tin' })).statusCode).toBe(400);
    expect((await reveal(polkWorker, { field: 'w9Info.tin', reason: '   ' })).statusCode).toBe(400);
    expect((await reveal(polkWorker, { field: 'w9Info.tin', reason: 'short' })).statusCode).toBe(400);
    expect((await reveal(polkWorker, { field: 'providerInfo.phone', reason: 'A reason long enough' })).statusCode).toBe(
      400,
    );
    expect(
      (await reveal(polkWorker, { field: 'children.members.9.dateOfBirth', reason: 'A reason long enough' }))
        .statusCode,
    ).toBe(404);
    expect(await count()).toBe(before);
  });

  it('lets only staff who may review the application reveal: a provider gets 403, another county 404', async () => {
    const body = { field: 'w9Info.tin', reason: 'I would like to see it please' };
    expect((await reveal(applicant, body)).statusCode).toBe(403);
    expect((await reveal(otherApplicant, body)).statusCode).toBe(403);
    expect((await reveal(storyWorker, body)).statusCode).toBe(404);
    expect((await reveal(polkWorker, body, applicationId + 1000)).statusCode).toBe(404);
  });
});

describe('key rotation', () => {
  it('re-wraps every data key under the new version while the API keeps serving', async () => {
    // Every instance now seals with version 2 and still opens version 1.
    const rotated = await createTestApp({ dataKeys: { kind: 'configured', keyring: keyring(2, 1, 2) } }, undefined, {
      database: ctx.database,
    });
    try {
      const rowsBefore = await rawRows();
      expect(rowsBefore.some((row) => row.data_key?.startsWith('k1.1.'))).toBe(true);
      const served: number[] = [];
      const rewrapped = await rotated.app.repositories.sealedAnswers.rotate({
        batchSize: 1,
        onBatch: async () => {
          // Between two batches: a staff answer (some rows re-wrapped, some not) and a draft save.
          const view = await rotated.app.inject({
            method: 'GET',
            url: `/api/Staff/applications/${applicationId}`,
            headers: polkWorker.headers,
          });
          served.push(view.statusCode);
          const drafts = await rotated.app.inject({
            method: 'POST',
            url: '/api/Application/get-my-draft-applications',
            headers: applicant.headers,
          });
          served.push(drafts.statusCode);
          const old = await ctx.app.inject({
            method: 'POST',
            url: '/api/Application/get-my-draft-applications',
            headers: applicant.headers,
          });
          served.push(old.statusCode);
        },
      });
      expect(rewrapped).toBe(rowsBefore.length);
      expect(served.length).toBeGreaterThan(0);
      expect(served.every((status) => status === 200)).toBe(true);
      for (const row of await rawRows()) {
        expect(row.data_key).toMatch(/^k1\.2\./);
        expect(row.tin_hmac).toMatch(/^h2\./);
      }
      expect(await rotated.app.repositories.sealedAnswers.staleCount()).toBe(0);
      const value = await rotated.app.inject({
        method: 'POST',
        url: `/api/Staff/applications/${applicationId}/reveal`,
        headers: polkWorker.headers,
        payload: { field: 'w9Info.tin', reason: 'After the rotation, still readable' },
      });
      expect(value.json()).toEqual({ field: 'w9Info.tin', value: TIN });
      expect(await rotated.app.repositories.sealedAnswers.applicationIdsWithTin(TIN)).toEqual([applicationId]);
      // An instance that knows only the retired key cannot open what is re-wrapped.
      const retired = createFieldCipher(localKeyEncryptionKey(keyring(1, 1)));
      const [row] = await ctx.database.db
        .selectFrom('application')
        .select(['id', 'application_json', 'data_key'])
        .where('id', '=', applicationId)
        .execute();
      await expect(retired.open('application', row!.id, row!.application_json, row!.data_key)).rejects.toThrow(
        /version 2/,
      );
    } finally {
      await rotated.app.close();
    }
  }, 120_000);
});
