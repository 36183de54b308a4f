import { readdir } from 'node:fs/promises';
import type { CreateExportRequestInput, ExportItem, ExportList } from '@ccap/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';
import { fixedClock } from '../../lib/clock';
import type { BlobStore } from '../../storage/blob-store';
import { retentionKinds, sweepExpired } from '../retention/retention-sweep';
import { neutralised } from './export-writer';

// ADR 110: exports of the queue's filtered rows, written by the job, downloaded by their
// requester for 24 hours; de-identified or masked, formula-safe; refused past the maximum.
const clock = fixedClock(new Date(), 'UTC');
let ctx: TestContext;
let storyWorker: TestUser;
let otherStoryWorker: TestUser;
let polkWorker: TestUser;
let provider: TestUser;
const story: number[] = [];
let polk: number;

const call = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

async function submitted(owner: TestUser, county: string, businessName: string) {
  const answers = completeApplication();
  answers.address = { ...answers.address, county };
  answers.providerInfo = { ...answers.providerInfo, businessName };
  return submitApplication(ctx, owner, answers);
}

async function ask(user: TestUser, request: CreateExportRequestInput) {
  const response = await call(user, 'POST', '/api/Staff/exports', request);
  expect(response.statusCode, response.body).toBe(202);
  return response.json<ExportItem>();
}

const runner = (blobs: BlobStore = ctx.app.blobs, maxRows = 1000) =>
  ctx.app.repositories.exportRunner(blobs, maxRows, 2);

async function download(user: TestUser, id: number) {
  const response = await call(user, 'GET', `/api/Staff/exports/${id}/file`);
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

async function sheetRows(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  ctx = await createTestApp({}, undefined, { clock });
  provider = await createUser(ctx, 'Export Provider');
  storyWorker = await createUser(ctx, 'Story Exporter', 'service-worker', ['Story']);
  otherStoryWorker = await createUser(ctx, 'Other Story Worker', 'service-worker', ['Story']);
  polkWorker = await createUser(ctx, 'Polk Exporter', 'service-worker', ['Polk']);
  story.push(await submitted(provider, 'Story', 'Oak Care'));
  story.push(await submitted(provider, 'Story', '=HYPERLINK("http://evil.example","x")'));
  story.push(await submitted(provider, 'Story', 'Maple Care'));
  polk = await submitted(provider, 'Polk', 'Polk Care');
  // One Story application in review: the status filter leaves it out.
  const started = await call(storyWorker, 'POST', `/api/Staff/applications/${story[2]}/status`, {
    action: 'start-review',
    version: 1,
  });
  expect(started.statusCode, started.body).toBe(200);
}, 120_000);
afterAll(async () => ctx?.close());

describe('exports of the staff queue', () => {
  it('writes exactly the filtered rows of the caller’s counties to XLSX, masked and formula-safe', async () => {
    const asked = await ask(storyWorker, {
      kind: 'application',
      filters: { status: 'submitted' },
      columns: ['applicationId', 'providerName', 'county', 'taxpayerNumber', 'dateOfBirth'],
      format: 'xlsx',
    });
    expect(asked).toMatchObject({ status: 'queued', totalRows: 2, downloadUrl: null });
    expect(await runner().runNext()).toBe(true);

    const list = (await call(storyWorker, 'GET', '/api/Staff/exports')).json<ExportList>();
    const ready = list.items.find((item) => item.id === asked.id)!;
    expect(ready).toMatchObject({ status: 'ready', rowsWritten: 2, totalRows: 2 });
    expect(ready.downloadUrl).toBe(`/api/Staff/exports/${asked.id}/file`);

    const rows = await sheetRows(await download(storyWorker, asked.id));
    expect(rows[0]).toEqual([
      'Application no.',
      'Provider name',
      'County',
      'Taxpayer number (masked)',
      'Date of birth (masked)',
    ]);
    expect(rows.slice(1).map((row) => row[0])).toEqual([story[0], story[1]]);
    expect(rows.slice(1).every((row) => row[2] === 'Story')).toBe(true);
    expect(rows.flat()).not.toContain(polk);
    // The taxpayer number by its last four only; the date of birth not at all.
    expect(rows[1]![3]).toBe('•••-••-6789');
    expect(rows[1]![4]).toBe('••••-••-••');
    expect(JSON.stringify(rows)).not.toContain('123-45-6789');
    // A formula is written as text.
    expect(rows[2]![1]).toBe(`'=HYPERLINK("http://evil.example","x")`);

    // The requester is told, and the export and its download are audited.
    const message = await ctx.database.db
      .selectFrom('message')
      .select(['title', 'links'])
      .where('user_id', '=', storyWorker.id)
      .where('event', '=', 'exportReady')
      .executeTakeFirst();
    expect(message?.title).toBe('Your export is ready');
    const audit = await ctx.app.repositories.audit.forEntity('export', String(asked.id));
    expect(audit.map((entry) => entry.action)).toEqual(['export.create', 'export.ready', 'export.read']);
    expect(audit[0]!.after).toMatchObject({
      filters: { status: 'submitted' },
      columns: ['applicationId', 'providerName', 'county', 'taxpayerNumber', 'dateOfBirth'],
      rowCount: 2,
    });
  });

  it('drops names, addresses, taxpayer numbers and dates of birth from a de-identified CSV', async () => {
    const asked = await ask(storyWorker, {
      kind: 'application',
      columns: ['applicationId', 'providerName', 'address', 'taxpayerNumber', 'dateOfBirth', 'status'],
      format: 'csv',
      deIdentified: true,
    });
    expect(asked.columns).toEqual(['applicationId', 'status']);
    await runner().runNext();
    const csv = (await download(storyWorker, asked.id)).toString('utf8');
    expect(csv.trim().split('\n')).toEqual([
      'Application no.,Status',
      `${story[0]},submitted`,
      `${story[1]},submitted`,
      `${story[2]},in-review`,
    ]);
    expect(csv).not.toMatch(/Oak Care|6789|Lopez/);
  });

  it('refuses a de-identified export left with no column', async () => {
    const response = await call(storyWorker, 'POST', '/api/Staff/exports', {
      kind: 'application',
      columns: ['providerName'],
      format: 'csv',
      deIdentified: true,
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });

  it('neutralises every cell that starts a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(neutralised(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(neutralised('Oak Care')).toBe('Oak Care');
    expect(neutralised(-3)).toBe(-3);
  });

  it('exports reported changes of the caller’s counties only', async () => {
    const asked = await ask(polkWorker, { kind: 'change', columns: ['changeId', 'county'], format: 'csv' });
    expect(asked.totalRows).toBe(0);
    await runner().runNext();
    const csv = (await download(polkWorker, asked.id)).toString('utf8');
    expect(csv.trim()).toBe('Change no.,County');
  });

  it('is refused to a provider, and another worker cannot see or download it', async () => {
    const asked = await ask(storyWorker, { kind: 'application', columns: ['applicationId'], format: 'csv' });
    await runner().runNext();
    const refused = await call(provider, 'POST', '/api/Staff/exports', {
      kind: 'application',
      columns: ['applicationId'],
      format: 'csv',
    });
    expect(refused.statusCode).toBe(403);
    expect((await call(provider, 'GET', '/api/Staff/exports')).statusCode).toBe(403);
    for (const other of [otherStoryWorker, polkWorker]) {
      expect((await call(other, 'GET', `/api/Staff/exports/${asked.id}/file`)).statusCode).toBe(404);
      expect((await call(other, 'GET', `/api/Staff/exports/${asked.id}`)).statusCode).toBe(404);
    }
  });

  it('ends the download link after 24 hours, and the retention sweep deletes the row and its file', async () => {
    const asked = await ask(storyWorker, { kind: 'application', columns: ['applicationId'], format: 'xlsx' });
    await runner().runNext();
    expect((await call(storyWorker, 'GET', `/api/Staff/exports/${asked.id}/file`)).statusCode).toBe(200);
    const start = clock.now();
    clock.set(new Date(start.getTime() + 25 * 3_600_000));
    try {
      const expired = await call(storyWorker, 'GET', `/api/Staff/exports/${asked.id}/file`);
      expect(expired.statusCode).toBe(410);
      const item = (await call(storyWorker, 'GET', `/api/Staff/exports/${asked.id}`)).json<ExportItem>();
      expect(item.downloadUrl).toBeNull();
    } finally {
      clock.set(start);
    }
    const retention = { ...ctx.profile.retention, exportDays: 1 };
    const swept = await sweepExpired({
      repository: ctx.app.repositories.retention,
      blobs: ctx.app.blobs,
      kinds: retentionKinds(retention, ctx.app.repositories.retention, ctx.app.repositories.exports).filter(
        (kind) => kind.kind === 'exports',
      ),
      now: new Date(start.getTime() + 2 * 86_400_000),
    });
    expect(swept.counts.exports).toBeGreaterThanOrEqual(1);
    expect((await call(storyWorker, 'GET', `/api/Staff/exports/${asked.id}`)).statusCode).toBe(404);
    const keys: string[] = [];
    for await (const stored of ctx.app.blobs.list()) keys.push(stored.key);
    expect(keys).not.toContain(`exports/${asked.id}.xlsx`);
  });

  it('refuses an export of more rows than the maximum, with the number, before it starts', async () => {
    const small = await createTestApp({ exportMaxRows: 2 }, undefined, { database: ctx.database });
    try {
      const response = await small.app.inject({
        method: 'POST',
        url: '/api/Staff/exports',
        headers: storyWorker.headers,
        payload: { kind: 'application', columns: ['applicationId'], format: 'csv' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ detail: string }>().detail).toBe(
        'This export matches 3 rows, more than the 2 allowed. Narrow the filters.',
      );
    } finally {
      await small.app.close();
    }
  });

  it('a failing job stores no file, leaves nothing staged, and tells its requester', async () => {
    const asked = await ask(storyWorker, { kind: 'application', columns: ['applicationId'], format: 'xlsx' });
    const failing: BlobStore = Object.assign(Object.create(ctx.app.blobs) as BlobStore, {
      putStaged: () => Promise.reject(new Error('disk full')),
    });
    await expect(runner(failing).runNext()).rejects.toThrow('disk full');
    const item = (await call(storyWorker, 'GET', `/api/Staff/exports/${asked.id}`)).json<ExportItem>();
    expect(item).toMatchObject({ status: 'failed', downloadUrl: null });
    expect((await call(storyWorker, 'GET', `/api/Staff/exports/${asked.id}/file`)).statusCode).toBe(409);
    expect((await readdir(ctx.app.blobs.stagingDir)).filter((name) => name.startsWith('export-'))).toEqual([]);
    const keys: string[] = [];
    for await (const stored of ctx.app.blobs.list()) keys.push(stored.key);
    expect(keys).not.toContain(`exports/${asked.id}.xlsx`);
    const told = await ctx.database.db
      .selectFrom('notification')
      .select('text')
      .where('user_id', '=', storyWorker.id)
      .where('text', 'like', `Export ${asked.id} failed%`)
      .execute();
    expect(told).toHaveLength(1);
  });

  it('writes a job past the maximum as failed when the rows grew after it was asked for', async () => {
    const asked = await ask(storyWorker, { kind: 'application', columns: ['applicationId'], format: 'csv' });
    await expect(runner(ctx.app.blobs, 1).runNext()).rejects.toThrow('more than the 1 allowed');
    const item = (await call(storyWorker, 'GET', `/api/Staff/exports/${asked.id}`)).json<ExportItem>();
    expect(item.status).toBe('failed');
  });
});
