// Started by `npm run bench` (scripts/bench.mjs): the staff queue's answer times with 50,000
// applications, measured in this process through app.inject (routing, access check, validation,
// SQL and serialization; no network). On PGlite in memory, or on PostgreSQL with DATABASE_URL.
import { sql } from 'kysely';
import { createTestApp } from './helpers';
import { createUser } from './identity';

const APPLICATIONS = Number(process.argv[2] ?? 50_000);
const ROUNDS = Number(process.argv[3] ?? 40);

const ctx = await createTestApp();
try {
  const owner = await createUser(ctx, 'Bench Applicant');
  const worker = await createUser(ctx, 'Bench Worker', 'service-worker', ['Polk', 'Story']);
  const admin = await createUser(ctx, 'Bench Admin', 'administrator');
  const counties = ctx.profile.counties;
  const { db } = ctx.database;
  await sql`
    insert into application (owner_id, draft_id, provider_type, status, application_json, provider_name, county, submitted_at)
    select ${owner.id}::uuid, g,
      case when g % 3 = 0 then 'unregisteredprovider' else 'registeredprovider' end,
      (array['submitted','in-review','information-requested','approved','denied','withdrawn'])[1 + g % 6],
      '{}'::jsonb,
      (array['Acorn','Oak','Maple','Willow','Birch','Cedar','Aspen'])[1 + g % 7] || ' Child Care ' || g,
      (${sql.val(counties)}::text[])[1 + g % ${counties.length}],
      now() - make_interval(days => g % 120, mins => g % 1440)
    from generate_series(1, ${APPLICATIONS}) g`.execute(db);
  // Decided and withdrawn ones end their wait (ADR 077): up to 30 days after submission.
  await sql`
    update application set
      decided_at = case when status in ('approved', 'denied') then submitted_at + make_interval(days => (id % 30)::int) end,
      withdrawn_at = case when status = 'withdrawn' then submitted_at + make_interval(days => (id % 30)::int) end
    where status in ('approved', 'denied', 'withdrawn')`.execute(db);
  // A pending request for information on every application waiting for one, a tenth of them past due.
  await sql`
    insert into rfi (application_id, service_worker_comment, due_date, created_by)
    select id, 'Please send the lease.', current_date + (case when id % 10 = 0 then -5 else 20 end), ${worker.id}::uuid
    from application where status = 'information-requested'`.execute(db);
  await sql`analyze application`.execute(db);
  await sql`analyze rfi`.execute(db);

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
