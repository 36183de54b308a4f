// The staff benchmarks' data (`npm run bench` parts queue and export): applications spread over
// every county, status and type, with decisions, withdrawals and requests for information, written
// by SQL in one statement each (the API would take minutes for 50,000).
import { sql } from 'kysely';
import type { TestContext } from './helpers';
import { createUser } from './identity';

/** Seeds `count` submitted applications; answers their owner, a worker of two counties and an administrator. */
export async function seedBenchApplications(ctx: TestContext, count: number) {
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
    from generate_series(1, ${count}) g`.execute(db);
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
  return { owner, worker, admin };
}
