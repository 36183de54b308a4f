import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import * as files from '../../../test/document-files';
import { documentsOf, submitApplication, uploadMultipart } from '../../../test/documents-fixture';
import { createRuntimeTestDatabase, createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';
import { startBackgroundJobs } from '../notifications/background-jobs';
import { retentionKinds, sweepExpired } from './retention-sweep';

// ADR 096: what the profile says to keep no longer is deleted by a daily job, files and notices
// with it, as the runtime role (ADR 082); the audit trail keeps everything and counts the sweep.
let runtime: Awaited<ReturnType<typeof createRuntimeTestDatabase>>;
let ctx: TestContext;
let applicant: TestUser;
let worker: TestUser;
const DAY_MS = 86_400_000;
const retention = { closedApplicationDays: 30, abandonedDraftDays: 60, exportDays: 30 };

beforeAll(async () => {
  runtime = await createRuntimeTestDatabase();
  ctx = await createTestApp({}, undefined, { database: runtime.runtime });
  applicant = await createUser(ctx, 'Kept Applicant');
  worker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
});
afterAll(async () => {
  await ctx?.close();
  await runtime?.close();
});

const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

/** A file put in the blob store the way an upload does (staged, then stored). */
async function storeFile(key: string) {
  const staged = path.join(ctx.app.blobs.stagingDir, `${key.replaceAll('/', '_')}.part`);
  await fs.writeFile(staged, files.pdf());
  await ctx.app.blobs.putStaged(key, staged);
}
const fileExists = async (key: string) => {
  try {
    const stream = await ctx.app.blobs.read(key);
    stream.destroy();
    return true;
  } catch {
    return false;
  }
};

/**
 * A submitted application with an uploaded document, an RFI with a file, a notification and an
 * Inbox message about it, then put in `status` at `closedDaysAgo` (its decision or withdrawal).
 */
async function application(status: string, closedDaysAgo: number) {
  const id = await submitApplication(ctx, applicant, completeApplication());
  const [document] = await documentsOf(ctx, applicant, id);
  const upload = await uploadMultipart(
    ctx,
    applicant,
    { applicationId: id, documentId: document!.documentId },
    'id.pdf',
    files.pdf(),
  );
  expect(upload.statusCode).toBe(200);
  const { db } = ctx.database;
  const rfi = await db
    .insertInto('rfi')
    .values({
      application_id: id,
      service_worker_comment: 'Send a lease',
      due_date: '2030-01-01',
      created_by: worker.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rfiKey = `rfi/${id}/lease.pdf`;
  await storeFile(rfiKey);
  await db
    .insertInto('rfi_document')
    .values({
      rfi_id: rfi.id,
      stored_name: 'lease.pdf',
      display_name: 'lease.pdf',
      content_type: 'application/pdf',
      size_bytes: 1200,
      sha256: 'a'.repeat(64),
      blob_key: rfiKey,
      uploaded_by: applicant.id,
    })
    .execute();
  await db
    .insertInto('notification')
    .values({
      user_id: applicant.id,
      event: 'statusChanged',
      text: `About ${id}`,
      link: `/documents/${id}`,
      locale: 'en',
    })
    .execute();
  await db
    .insertInto('message')
    .values({
      user_id: applicant.id,
      event: 'statusChanged',
      title: `About ${id}`,
      body: '',
      application_id: id,
      locale: 'en',
    })
    .execute();
  const at = daysAgo(closedDaysAgo);
  await db
    .updateTable('application')
    .set({
      status: status as 'denied',
      updated_at: at,
      submitted_at: at,
      decided_at: status === 'denied' || status === 'approved' ? at : null,
      withdrawn_at: status === 'withdrawn' ? at : null,
    })
    .where('id', '=', id)
    .execute();
  const documentKey = (
    await db
      .selectFrom('application_document')
      .select('blob_key')
      .where('application_id', '=', id)
      .where('blob_key', 'is not', null)
      .executeTakeFirstOrThrow()
  ).blob_key!;
  return { id, keys: [documentKey, rfiKey] };
}

async function draft(changedDaysAgo: number) {
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/api/Application/save-my-draft-applications',
    headers: applicant.headers,
    payload: { applicationJson: JSON.stringify(completeApplication()) },
  });
  const id = saved.json<{ id: number }>().id;
  const link = `/registeredapplication/registration/registeredprovider?draft=${id}`;
  await ctx.database.db
    .insertInto('notification')
    .values({ user_id: applicant.id, event: 'draftReminder', text: 'Finish it', link, locale: 'en' })
    .execute();
  await ctx.database.db
    .updateTable('draft_application')
    .set({ updated_at: daysAgo(changedDaysAgo) })
    .where('id', '=', id)
    .execute();
  return { id, link };
}

const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
  Number((await query.execute(ctx.database.db)).rows[0]!.n);

describe('retention sweep (ADR 096)', () => {
  it('runs once a day whatever the number of workers (first: a sweep today makes the job wait for tomorrow)', async () => {
    const expired = await application('withdrawn', 100);
    const before = await count(sql`select count(*)::int as n from audit_log where action = 'retention.sweep'`);
    const workers = await Promise.all(
      [0, 1].map(() =>
        startBackgroundJobs({
          repositories: ctx.app.repositories,
          mail: { ...ctx.config.mail, smtpUrl: undefined },
          log: ctx.app.log,
          blobs: ctx.app.blobs,
          retention,
          jobQueue: { pool: runtime.runtime.pool, schema: runtime.jobSchema, migrate: false },
        }),
      ),
    );
    try {
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline) {
        if ((await count(sql`select count(*)::int as n from audit_log where action = 'retention.sweep'`)) > before)
          break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // Both keep asking for the day's job a while longer.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
    } finally {
      await Promise.all(workers.map((background) => background.stop()));
    }
    expect(await count(sql`select count(*)::int as n from audit_log where action = 'retention.sweep'`)).toBe(
      before + 1,
    );
    expect(await count(sql`select count(*)::int as n from application where id = ${expired.id}`)).toBe(0);
    for (const key of expired.keys) expect(await fileExists(key)).toBe(false);
  }, 40_000);

  it('deletes expired closed applications and abandoned drafts with their files and notices, and nothing else', async () => {
    const deniedOld = await application('denied', 40);
    const withdrawnOld = await application('withdrawn', 31);
    const deniedRecent = await application('denied', 10);
    const kept = await Promise.all([
      application('submitted', 400),
      application('in-review', 400),
      application('information-requested', 400),
      application('approved', 400),
    ]);
    const oldDraft = await draft(61);
    const recentDraft = await draft(5);
    const auditBefore = await count(
      sql`select count(*)::int as n from audit_log where entity_type = 'application' and entity_id = ${String(deniedOld.id)}`,
    );
    expect(auditBefore).toBeGreaterThan(0);

    const result = await sweepExpired({
      repository: ctx.app.repositories.retention,
      blobs: ctx.app.blobs,
      kinds: retentionKinds(retention, ctx.app.repositories.retention),
    });
    expect(result).toEqual({ counts: { closedApplications: 2, abandonedDrafts: 1, signInCounts: 0 }, files: 4 });

    const gone = [deniedOld.id, withdrawnOld.id];
    const ids = (rows: { id: number | string }[]) => rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    const { db } = ctx.database;
    const left = ids(await db.selectFrom('application').select('id').execute());
    for (const id of gone) expect(left).not.toContain(id);
    for (const app of [deniedRecent, ...kept]) expect(left).toContain(app.id);
    for (const key of [...deniedOld.keys, ...withdrawnOld.keys]) expect(await fileExists(key)).toBe(false);
    for (const app of [deniedRecent, ...kept]) for (const key of app.keys) expect(await fileExists(key)).toBe(true);
    expect(
      await count(sql`select count(*)::int as n from application_document where application_id in (${sql.join(gone)})`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from rfi where application_id in (${sql.join(gone)})`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from message where application_id in (${sql.join(gone)})`)).toBe(
      0,
    );
    expect(
      await count(
        sql`select count(*)::int as n from notification where link in (${sql.join(gone.map((id) => `/documents/${id}`))})`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from message where application_id = ${deniedRecent.id}`),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await count(
        sql`select count(*)::int as n from rfi_document join rfi on rfi.id = rfi_id where application_id = ${deniedRecent.id}`,
      ),
    ).toBe(1);

    const drafts = ids(await db.selectFrom('draft_application').select('id').execute());
    expect(drafts).not.toContain(oldDraft.id);
    expect(drafts).toContain(recentDraft.id);
    expect(await count(sql`select count(*)::int as n from notification where link = ${oldDraft.link}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from notification where link = ${recentDraft.link}`)).toBe(1);

    // The audit trail keeps what it said about the deleted application, still a whole chain.
    expect(
      await count(
        sql`select count(*)::int as n from audit_log where entity_type = 'application' and entity_id = ${String(deniedOld.id)}`,
      ),
    ).toBe(auditBefore);
    expect(await ctx.app.repositories.audit.verifyChain()).toMatchObject({ ok: true });
    // The newest of the day's entries (the job of the test before made one too).
    const entry = (await ctx.app.repositories.audit.forEntity('retention', new Date().toISOString().slice(0, 10))).at(
      -1,
    );
    expect(entry).toMatchObject({ action: 'retention.sweep', actor_label: 'retention' });
    expect(entry!.after).toEqual({ counts: { closedApplications: 2, abandonedDrafts: 1, signInCounts: 0 }, files: 4 });

    // A second sweep finds nothing more.
    const again = await sweepExpired({
      repository: ctx.app.repositories.retention,
      blobs: ctx.app.blobs,
      kinds: retentionKinds(retention, ctx.app.repositories.retention),
    });
    expect(again).toEqual({ counts: { closedApplications: 0, abandonedDrafts: 0, signInCounts: 0 }, files: 0 });
  });
});
