import type { StaffApplication, StaffQueueResponse, StaffStatistics } from '@ccap/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

/**
 * Days waiting stop at the end of the wait: the decision, or the withdrawal (migration 0019),
 * in the queue, on the review page and in the queue's sort by them. A file of its own: the
 * queue here holds only these applications.
 */
let ctx: TestContext;
let applicant: TestUser;
let worker: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  applicant = await createUser(ctx, 'Waiting Applicant');
  worker = await createUser(ctx, 'Waiting Worker', 'service-worker', ['Polk']);
});
afterAll(async () => {
  await ctx.close();
});

const submit = (businessName: string) => {
  const application = completeApplication();
  application.address = { ...application.address, county: 'Polk' };
  application.providerInfo = { ...application.providerInfo, businessName };
  return submitApplication(ctx, applicant, application);
};
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: worker.headers });
const changeStatus = (id: number, body: { action: string; version: number; reason?: string }) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/Staff/applications/${id}/status`,
    headers: worker.headers,
    payload: body,
  });
const queue = async (query: string) => {
  const response = await get(`/api/Staff/applications${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<StaffQueueResponse>();
};
const review = async (id: number) => {
  const response = await get(`/api/Staff/applications/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json<StaffApplication>();
};
/** Moves an application's history back in time: submitted, and its wait ended, so many days ago. */
const backdate = (id: number, days: { submitted: number; ended: number }) =>
  sql`
    update application set
      submitted_at = submitted_at - make_interval(days => ${days.submitted}),
      decided_at = decided_at - make_interval(days => ${days.ended}),
      withdrawn_at = withdrawn_at - make_interval(days => ${days.ended})
    where id = ${id}`.execute(ctx.database.db);

it("stops a withdrawn application's days waiting at its withdrawal, as a decision does, and sorts by them", async () => {
  const open = await submit('Open Oak');
  const withdrawn = await submit('Withdrawn Willow');
  const denied = await submit('Denied Dogwood');

  const withdrawal = await changeStatus(withdrawn, { action: 'withdraw', version: 1, reason: 'The provider moved.' });
  expect(withdrawal.statusCode).toBe(200);
  expect(withdrawal.json()).toMatchObject({ status: 'withdrawn', version: 2 });
  expect((await changeStatus(denied, { action: 'start-review', version: 1 })).statusCode).toBe(200);
  expect((await changeStatus(denied, { action: 'deny', version: 2, reason: 'Over capacity.' })).statusCode).toBe(200);

  // The withdrawal recorded its moment in the same change, and it is not a decision.
  const row = await ctx.database.db
    .selectFrom('application')
    .select(['updated_at', 'decided_at', 'withdrawn_at'])
    .where('id', '=', withdrawn)
    .executeTakeFirstOrThrow();
  expect(row.withdrawn_at).toEqual(row.updated_at);
  expect(row.decided_at).toBeNull();
  expect(
    await ctx.database.db.selectFrom('application').select('withdrawn_at').where('id', '=', denied).executeTakeFirst(),
  ).toEqual({ withdrawn_at: null });

  // Open for 20 days; withdrawn 30 days ago after 10 days; denied 45 days ago after 5 days.
  await backdate(open, { submitted: 20, ended: 0 });
  await backdate(withdrawn, { submitted: 40, ended: 30 });
  await backdate(denied, { submitted: 50, ended: 45 });

  const longestFirst = await queue('?sort=daysWaiting&order=desc');
  expect(longestFirst.items.map((item) => [item.providerName, item.daysWaiting, item.overdue])).toEqual([
    ['Open Oak', 20, false],
    ['Withdrawn Willow', 10, false],
    ['Denied Dogwood', 5, false],
  ]);
  const shortestFirst = await queue('?sort=daysWaiting&order=asc');
  expect(shortestFirst.items.map((item) => item.applicationId)).toEqual([denied, withdrawn, open]);
  // Submission order is still its own sort.
  expect((await queue('?sort=submittedAt')).items.map((item) => item.applicationId)).toEqual([denied, withdrawn, open]);

  expect(await review(withdrawn)).toMatchObject({ status: 'withdrawn', decidedAt: null, daysWaiting: 10 });
  expect(await review(denied)).toMatchObject({ status: 'denied', daysWaiting: 5 });
  expect(await review(open)).toMatchObject({ status: 'submitted', daysWaiting: 20 });

  // The decision-time statistics count the decision alone, not the withdrawal.
  const statistics = (await get('/api/Staff/statistics')).json<StaffStatistics>();
  expect(statistics).toMatchObject({ total: 3, decided: 1, medianDaysToDecision: 5, overdue: 0 });
});
