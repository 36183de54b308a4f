// Started by `npm run bench` (scripts/bench.mjs, part `export`): an export of the staff queue to
// XLSX, written by the export job as in production (keyset batches streamed to exceljs's
// WorkbookWriter), timed, with this process's memory sampled while it writes. Two sizes, so that
// a writer that held the rows in memory shows as live memory that grows with them. Run with
// --expose-gc and DATABASE_URL (a database of the caller's, which it drops after).
import {
  type ApplicationExportFilters,
  applicationExportColumns,
  type CreateExportRequestInput,
} from '@ccap/contracts';
import { seedBenchApplications } from './bench-applications';
import { createTestApp } from './helpers';

const APPLICATIONS = Number(process.argv[2] ?? 50_000);
const MB = 1024 * 1024;

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with --expose-gc: the live memory is read after a collection');
/** Heap and buffers (exceljs's zip and the database driver hold theirs outside the heap). */
const heapOf = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.external;

const ctx = await createTestApp();
try {
  const { admin } = await seedBenchApplications(ctx, APPLICATIONS);
  const runner = ctx.app.repositories.exportRunner(ctx.app.blobs, ctx.config.exportMaxRows);

  /**
   * Asks for the export and runs the job, sampling memory every `everyMs`: the high-water of RSS
   * and of heap and buffers as they are (garbage included) or, with `live`, of what is still
   * held after a collection (each collection costs time: that run is not the timed one).
   */
  const run = async (filters: ApplicationExportFilters, everyMs: number, live: boolean) => {
    const request: CreateExportRequestInput = {
      kind: 'application',
      filters,
      columns: [...applicationExportColumns],
      format: 'xlsx',
    };
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/Staff/exports',
      headers: admin.headers,
      payload: request,
    });
    if (asked.statusCode !== 202) throw new Error(`${asked.statusCode} ${asked.body}`);
    const { id } = asked.json<{ id: number }>();

    gc();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = heapOf(before);
    const sampler = setInterval(() => {
      if (live) gc();
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, heapOf(now));
    }, everyMs);
    const started = performance.now();
    try {
      if (!(await runner.runNext())) throw new Error('no export was queued');
    } finally {
      clearInterval(sampler);
    }
    const seconds = (performance.now() - started) / 1000;

    const row = await ctx.app.repositories.exports.ofRequester(id, admin.id);
    if (row?.status !== 'ready' || !row.blob_key) throw new Error(`the export ended ${row?.status}`);
    let bytes = 0;
    for await (const chunk of await ctx.app.blobs.read(row.blob_key)) bytes += (chunk as Buffer).length;
    return {
      rows: row.rows_written,
      seconds,
      fileMb: bytes / MB,
      peakRssMb: peakRss / MB,
      /** Above what the process held before the export: the export's own high-water. */
      rssGrowthMb: (peakRss - before.rss) / MB,
      heapGrowthMb: (peakHeap - heapOf(before)) / MB,
    };
  };

  const measure = async (label: string, filters: ApplicationExportFilters) => {
    const timed = await run(filters, 10, false);
    const live = await run(filters, 100, true);
    return { label, ...timed, liveGrowthMb: live.heapGrowthMb };
  };

  const results = [
    // A sixth of the rows (one status of six), then all of them.
    await measure('submitted only', { status: 'submitted' }),
    await measure('all', {}),
  ];
  console.log(JSON.stringify({ backend: ctx.database.backend, applications: APPLICATIONS, results }));
} finally {
  await ctx.close();
}
