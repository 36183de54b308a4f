// Started by `npm run bench` (scripts/bench.mjs): the staff queue's answer times with 50,000
// applications, measured in this process through app.inject (routing, access check, validation,
// SQL and serialization; no network). On PGlite in memory, or on PostgreSQL with DATABASE_URL.
import { seedBenchApplications } from './bench-applications';
import { createTestApp } from './helpers';

const APPLICATIONS = Number(process.argv[2] ?? 50_000);
const ROUNDS = Number(process.argv[3] ?? 40);

const ctx = await createTestApp();
try {
  const { worker, admin } = await seedBenchApplications(ctx, APPLICATIONS);

  const cases: [string, typeof worker, string][] = [
    ['worker, default (oldest first)', worker, ''],
    ['worker, status filter', worker, '?status=in-review'],
    ['worker, search by name', worker, '?search=maple'],
    ['admin, all counties', admin, ''],
    ['admin, sort by name, page 40', admin, '?sort=providerName&order=desc&page=40'],
    ['admin, search by name', admin, '?search=willow%20child%20care%2012'],
    ['admin, search by id', admin, '?search=31337'],
    ['admin, county + type', admin, '?county=Linn&providerType=unregisteredprovider'],
    ['worker, RFI overdue', worker, '?rfi=overdue'],
    ['admin, sort by RFI due date', admin, '?sort=nextRfiDueAt'],
    ['admin, longest waiting first', admin, '?sort=daysWaiting'],
    ['worker, in review, longest waiting first', worker, '?status=in-review&sort=daysWaiting'],
  ];
  const results = [];
  for (const [label, user, query] of cases) {
    const times: number[] = [];
    for (let round = 0; round < ROUNDS + 3; round++) {
      const started = performance.now();
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/Staff/applications${query}`,
        headers: user.headers,
      });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
      if (round >= 3) times.push(elapsed); // the first rounds warm the caches and the JIT
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    results.push({ label, p50: at(0.5), p95: at(0.95) });
  }
  console.log(JSON.stringify({ backend: ctx.database.backend, applications: APPLICATIONS, rounds: ROUNDS, results }));
} finally {
  await ctx.close();
}
