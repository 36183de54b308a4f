// Start-up time of the built product (`node apps/api/dist/server.js`, what `npm start` runs
// once built) until /api/health answers 200: on a fresh PGlite data folder (migrations, the
// demonstration accounts and provider directory), again on the same folder, and the same on
// PostgreSQL (a database of its own on BENCH_DATABASE_URL, dropped after).
import { BENCH_DATABASE_URL, createPostgresDatabase, postgresAnswers, startProduct } from './bench-support.mjs';

const PORT = 8253;
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function twice(label, env, cleanup) {
  const first = await startProduct({ port: PORT, env });
  await first.stop({ keepData: true });
  const again = await startProduct({ port: PORT, env, dataDir: first.dataDir });
  await again.stop();
  await cleanup?.();
  const { rmSync } = await import('node:fs');
  rmSync(first.dataDir, { recursive: true, force: true });
  return [
    { part: 'Start-up', measure: `${label}, first start (empty database)`, value: seconds(first.startupMs) },
    { part: 'Start-up', measure: `${label}, restart`, value: seconds(again.startupMs) },
  ];
}

export async function benchStartup() {
  const rows = await twice('PGlite (5,000 demo providers)', {});
  if (!(await postgresAnswers())) {
    rows.push({
      part: 'Start-up',
      measure: 'PostgreSQL',
      value: `not measured: no PostgreSQL at ${BENCH_DATABASE_URL}`,
    });
    return rows;
  }
  const database = await createPostgresDatabase('bench');
  try {
    rows.push(...(await twice('PostgreSQL', { DATABASE_URL: database.url })));
  } finally {
    await database.drop();
  }
  return rows;
}
