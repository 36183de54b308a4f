import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { loadConfig } from '../env';
import { createLookupsRepository } from '../features/application/lookups.repository';
import { loadProgramProfile } from '../features/program/program-profile';
import { generateDemoDirectory, seededRandom } from '../features/providers/demo-directory';
import { gazetteerFor } from '../features/providers/gazetteer';
import {
  createProvidersRepository,
  type ProviderInput,
  type ProviderQuery,
} from '../features/providers/providers.repository';

/**
 * Provider search latency (issue 8): loads N generated providers into a throw-away database
 * (an in-memory PGlite, or a schema of its own on PostgreSQL, dropped afterwards) and times
 * (a) nearest 50 within 25 miles, (b) a fuzzy name, (c) name + ZIP + three filters.
 *   node --expose-gc apps/api/dist/bench-providers.js [pglite|postgres] [size…]
 * PostgreSQL is BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
const [backend = 'pglite', ...sizeArgs] = process.argv.slice(2);
const sizes = sizeArgs.length ? sizeArgs.map(Number) : [100_000, 1_000_000];
const RUNS = 200;
const WARM_UP = 20;
const config = loadConfig();
const profile = await loadProgramProfile(config.programProfilePath);
const gazetteer = gazetteerFor(profile);
const postgresUrl = config.benchDatabaseUrl;

async function open(): Promise<Database & { drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', dataDir: 'memory://' });
    return { ...database, drop: () => database.close() };
  }
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  for (const extension of ['pg_trgm', 'btree_gin', 'unaccent', 'citext', 'fuzzystrmatch'])
    await admin.query(`create extension if not exists ${extension} schema public`);
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const database = await openDatabase({ kind: 'postgres', url: postgresUrl, poolSize: 2, schema });
  return {
    ...database,
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: postgresUrl });
      await cleanup.connect();
      await cleanup.query(`drop schema if exists "${schema}" cascade`);
      await cleanup.end();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function time(run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < WARM_UP; i++) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    await run(i + WARM_UP);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

// Single-word names with a typo, as a family types them.
const TYPOS = ['Sunshyne', 'Thompsen', 'Prairy', 'Kowalsky', 'Hernandes', 'Ladybgs', 'Treehose', 'Bumblebe'];

for (const size of sizes) {
  const database = await open();
  try {
    await migrateToLatest(database.db, { schema: database.schema });
    await createLookupsRepository(database.db).sync(profile.counties);
    const providers = createProvidersRepository(database.db);
    const started = Date.now();
    // Bulk load: secondary indexes dropped first and built once at the end, as a real import of this size would.
    const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`
      select indexname, indexdef from pg_indexes where tablename = 'provider' and indexname like 'provider\\_%\\_idx'
        and schemaname = current_schema()`.execute(database.db);
    for (const index of indexes) await sql`drop index ${sql.ref(index.indexname)}`.execute(database.db);
    let batch: ProviderInput[] = [];
    for (const provider of generateDemoDirectory(gazetteer, {
      size,
      providerTypeIds: { 'registered-cdh': 1, 'non-registered-home': 2, 'non-registered-in-home': 3 },
    })) {
      batch.push(provider);
      if (batch.length === 5_000) {
        await providers.upsert(batch);
        batch = [];
      }
    }
    if (batch.length) await providers.upsert(batch);
    for (const index of indexes) await sql.raw(index.indexdef).execute(database.db);
    await sql`analyze provider`.execute(database.db);
    const loadSeconds = (Date.now() - started) / 1000;

    // Generating and loading the rows left hundreds of megabytes of garbage in this process, which
    // a server searching its directory does not have: collected now (when --expose-gc allows), so
    // that its collection does not land in the timings below (ADR 054).
    (globalThis as { gc?: () => void }).gc?.();
    const random = seededRandom(7);
    const points = Array.from({ length: 64 }, () => random.pick(gazetteer.places));
    const base: Omit<ProviderQuery, 'limit'> = { providerTypeId: 1, acceptsCcaChildren: true };
    const a = await time((i) => {
      const place = points[i % points.length]!;
      return providers.search({ ...base, near: { point: place, miles: 25 }, limit: 50 });
    });
    const b = await time((i) => providers.search({ ...base, businessName: TYPOS[i % TYPOS.length], limit: 50 }));
    const c = await time((i) =>
      providers.search({
        ...base,
        businessName: TYPOS[i % TYPOS.length],
        zipCode: points[i % points.length]!.zip,
        acceptsChildrenWithSpecialNeeds: true,
        providesEveningOvernightCare: false,
        qualityRating: 2,
        limit: 50,
      }),
    );
    const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(10);
    console.log(
      `${backend.padEnd(9)} ${size.toLocaleString('en-US').padStart(9)}  loaded in ${loadSeconds.toFixed(0)} s`,
    );
    const cases = [
      ['(a) nearest 50 within 25 mi', a, 5],
      ['(b) fuzzy name', b, 15],
      ['(c) name + ZIP + 3 filters', c, 15],
    ] as const;
    for (const [label, result, target] of cases) {
      console.log(
        `  ${label.padEnd(30)} p50 ${ms(result.p50)}  p95 ${ms(result.p95)}   (PostgreSQL target at 100,000: p95 < ${target} ms)`,
      );
    }
    // One line for `npm run bench`'s table.
    console.log(
      JSON.stringify({
        backend,
        size,
        loadSeconds,
        results: cases.map(([label, result, target]) => ({ label, ...result, target })),
      }),
    );
  } finally {
    await database.drop();
  }
}
