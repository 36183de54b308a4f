// An export of 50,000 applications to XLSX on PostgreSQL (issue 43): its time and the memory the
// export job's process reached while writing it (high-water and live, after collections), beside
// an export of a sixth of the rows. The
// job runs in a child process (apps/api/test/bench-export.ts) over a database of its own on
// BENCH_DATABASE_URL, dropped after; printed, never asserted. The writer streams: its peak
// should not grow with the rows.
import { spawn } from 'node:child_process';
import { BENCH_DATABASE_URL, createPostgresDatabase, postgresAnswers } from './bench-support.mjs';
import { root } from './lib.mjs';

const APPLICATIONS = 50_000;
/**
 * What the live memory (after a collection) may add between a sixth of the rows and all of them:
 * a file held in memory would add its whole uncompressed XML (about 30 MB at 50,000 rows).
 */
const FLAT_MB = 8;

const mb = (value) => `${value.toFixed(0)} MB`;

export async function benchExport() {
  if (!(await postgresAnswers())) {
    return [{ part: 'Export', measure: '', value: `not measured: no PostgreSQL at ${BENCH_DATABASE_URL}` }];
  }
  const database = await createPostgresDatabase('bench_export');
  let output;
  try {
    output = await new Promise((resolve, reject) => {
      const child = spawn(
        process.execPath,
        ['--expose-gc', '--import', 'tsx', 'apps/api/test/bench-export.ts', String(APPLICATIONS)],
        {
          cwd: root,
          // A measurement's own key-encryption key: on PostgreSQL the product requires one.
          env: {
            ...process.env,
            DATABASE_URL: database.url,
            DATA_KEY: Buffer.alloc(32, 3).toString('base64'),
            LOG_LEVEL: 'silent',
          },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let text = '';
      child.stdout.on('data', (chunk) => (text += chunk));
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`bench-export exited with ${code}`))));
    });
  } finally {
    await database.drop();
  }
  const line = output
    .split('\n')
    .reverse()
    .find((entry) => entry.startsWith('{'));
  const report = JSON.parse(line);
  const part = `Export XLSX ${report.applications / 1000}k (${report.backend})`;
  const [some, all] = report.results;
  const growth = all.liveGrowthMb - some.liveGrowthMb;
  return [
    ...report.results.map((result) => ({
      part,
      measure: `${result.label}: ${result.rows.toLocaleString('en-US')} rows`,
      value:
        `${result.seconds.toFixed(1)} s (${Math.round(result.rows / result.seconds).toLocaleString('en-US')} rows/s), ` +
        `${result.fileMb.toFixed(1)} MB file; peak RSS ${mb(result.peakRssMb)} (+${mb(result.rssGrowthMb)}), ` +
        `heap+buffers high-water +${mb(result.heapGrowthMb)}, live +${mb(result.liveGrowthMb)}`,
    })),
    {
      part,
      measure: 'live memory, all rows against a sixth',
      value: `${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB`,
      target: `flat: < +${FLAT_MB} MB`,
      ok: growth < FLAT_MB,
    },
  ];
}
