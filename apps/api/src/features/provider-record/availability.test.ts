import { type Availability, plusDays, type ProviderSearchResponse, todayIso } from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

let ctx: TestContext;
let owner: TestUser;
let otherApplicant: TestUser;
let storyWorker: TestUser;
let polkWorker: TestUser;
let admin: TestUser;
let applicationId: number;
let pendingId: number;

const NAME = 'Availability Acorn Care';

const inStory = (businessName: string) => {
  const application = completeApplication();
  application.address = { ...application.address, county: 'Story' };
  application.providerInfo = { ...application.providerInfo, businessName };
  return application;
};

const call = (user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: user?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const approve = async (id: number) => {
  await call(storyWorker, 'POST', `/api/Staff/applications/${id}/status`, { action: 'start-review', version: 1 });
  const approved = await call(storyWorker, 'POST', `/api/Staff/applications/${id}/status`, {
    action: 'approve',
    version: 2,
  });
  expect(approved.statusCode).toBe(200);
};

const search = async (criteria: Record<string, unknown> = {}) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/Providers',
    payload: { providerBusinessName: NAME, providerTypeId: null, ...criteria },
  });
  expect(response.statusCode).toBe(200);
  return response.json<ProviderSearchResponse>().value.filter((provider) => provider.BusinessName === NAME);
};
/** The search as it will read on another day (the route reads today's). */
const foundOn = async (day: string) =>
  (await ctx.app.repositories.providers.search({ businessName: NAME, limit: 10, today: day })).value.some(
    (provider) => provider.BusinessName === NAME,
  );

const availabilityUrl = () => `/api/ProviderRecord/${applicationId}/availability`;
const closuresUrl = () => `/api/ProviderRecord/${applicationId}/closures`;
const openingsUrl = () => `/api/ProviderRecord/${applicationId}/openings`;
const auditCount = async () =>
  (await ctx.app.repositories.audit.forEntity('application', String(applicationId))).filter((entry) =>
    entry.action.startsWith('provider.'),
  ).length;
const db = () => ctx.database.db;
const longDay = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'Provider Owner');
  otherApplicant = await createUser(ctx, 'Other Applicant');
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
  admin = await createUser(ctx, 'Admin', 'administrator');
  applicationId = await submitApplication(ctx, owner, inStory(NAME));
  await approve(applicationId);
  pendingId = await submitApplication(ctx, otherApplicant, inStory('Pending Pine Care'));
});
afterAll(async () => {
  await ctx.close();
});

describe('who may see and change a provider’s availability', () => {
  it('answers the owner their approved provider, and nothing to an applicant without one', async () => {
    const mine = await call(owner, 'GET', '/api/ProviderRecord/availability/mine');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      availability: { applicationId, providerName: NAME, county: 'Story', listed: true, closedToday: false },
    });
    const none = await call(otherApplicant, 'GET', '/api/ProviderRecord/availability/mine');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ availability: null });
    expect((await call(undefined, 'GET', '/api/ProviderRecord/availability/mine')).statusCode).toBe(401);
  });

  it('lets the county’s worker and an administrator read; another applicant and another county get 404', async () => {
    expect((await call(owner, 'GET', availabilityUrl())).statusCode).toBe(200);
    expect((await call(storyWorker, 'GET', availabilityUrl())).statusCode).toBe(200);
    expect((await call(admin, 'GET', availabilityUrl())).statusCode).toBe(200);
    expect((await call(otherApplicant, 'GET', availabilityUrl())).statusCode).toBe(404);
    expect((await call(polkWorker, 'GET', availabilityUrl())).statusCode).toBe(404);
    // An application not approved has no availability, even for its owner.
    expect((await call(otherApplicant, 'GET', `/api/ProviderRecord/${pendingId}/availability`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/ProviderRecord/99999999/availability')).statusCode).toBe(404);
  });

  it('lets only the provider write: others are refused and nothing changes', async () => {
    const before = await auditCount();
    const closure = {
      kind: 'temporary',
      startsOn: plusDays(todayIso(), 30),
      endsOn: plusDays(todayIso(), 31),
      reason: 'x',
    };
    expect((await call(otherApplicant, 'POST', closuresUrl(), closure)).statusCode).toBe(404);
    expect((await call(polkWorker, 'POST', closuresUrl(), closure)).statusCode).toBe(404);
    expect((await call(storyWorker, 'POST', closuresUrl(), closure)).statusCode).toBe(403);
    expect(
      (await call(admin, 'PUT', openingsUrl(), { openings: [{ ageGroup: 'preschool', count: 1 }] })).statusCode,
    ).toBe(403);
    expect((await call(otherApplicant, 'POST', `/api/ProviderRecord/${pendingId}/closures`, closure)).statusCode).toBe(
      404,
    );
    expect(await auditCount()).toBe(before);
    expect((await call(owner, 'GET', availabilityUrl())).json<Availability>().closures).toEqual([]);
  });
});

describe('closures', () => {
  it('refuses bad dates and reasons with clear messages, and records nothing', async () => {
    const today = todayIso();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { kind: 'temporary', startsOn: plusDays(today, -1), endsOn: today, reason: 'Holiday' },
        'startsOn',
        'startsInPast',
      ],
      [
        { kind: 'temporary', startsOn: plusDays(today, 5), endsOn: plusDays(today, 4), reason: 'Holiday' },
        'endsOn',
        'endsBeforeStart',
      ],
      [{ kind: 'temporary', startsOn: today, reason: 'Holiday' }, 'endsOn', 'endRequired'],
      [
        { kind: 'permanent', startsOn: today, endsOn: plusDays(today, 3), reason: 'Retiring' },
        'endsOn',
        'noEndWhenPermanent',
      ],
      [{ kind: 'temporary', startsOn: today, endsOn: today, reason: '   ' }, 'reason', 'reasonRequired'],
      [{ kind: 'temporary', startsOn: '2026-02-30', endsOn: today, reason: 'Holiday' }, 'startsOn', 'date'],
    ];
    const before = await auditCount();
    for (const [body, path, key] of cases) {
      const response = await call(owner, 'POST', closuresUrl(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json<{ errors: { path: string; message: string }[] }>().errors).toEqual(
        expect.arrayContaining([{ path, message: `validation.availability.${key}` }]),
      );
    }
    expect(await auditCount()).toBe(before);
    expect((await call(owner, 'GET', availabilityUrl())).json<Availability>().closures).toEqual([]);
  });

  it('leaves a later closure’s provider in the search until it begins, and out of it only for its period', async () => {
    const today = todayIso();
    const response = await call(owner, 'POST', closuresUrl(), {
      kind: 'temporary',
      startsOn: plusDays(today, 10),
      endsOn: plusDays(today, 12),
      reason: 'Family holiday',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Availability>()).toMatchObject({
      closedToday: false,
      closures: [{ kind: 'temporary', state: 'upcoming', reason: 'Family holiday' }],
    });
    expect(await search()).toHaveLength(1);
    expect(await foundOn(plusDays(today, 9))).toBe(true);
    expect(await foundOn(plusDays(today, 10))).toBe(false);
    expect(await foundOn(plusDays(today, 12))).toBe(false);
    expect(await foundOn(plusDays(today, 13))).toBe(true);
  });

  it('refuses a closure that overlaps another, with a message, and records nothing', async () => {
    const today = todayIso();
    const before = await auditCount();
    const response = await call(owner, 'POST', closuresUrl(), {
      kind: 'temporary',
      startsOn: plusDays(today, 12),
      endsOn: plusDays(today, 20),
      reason: 'Renovation',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      type: 'urn:ccap:problem:closure-overlap',
      errors: [{ path: 'startsOn', message: 'validation.availability.overlap' }],
    });
    expect(await auditCount()).toBe(before);
    // A permanent closure from after it begins overlaps it too.
    const permanent = await call(owner, 'POST', closuresUrl(), {
      kind: 'permanent',
      startsOn: plusDays(today, 11),
      reason: 'Retiring',
    });
    expect(permanent.statusCode).toBe(409);
  });

  it('cancels a closure before it begins; the provider is found on those days again', async () => {
    const today = todayIso();
    const closureId = (await call(owner, 'GET', availabilityUrl())).json<Availability>().closures[0]!.closureId;
    await db()
      .updateTable('application')
      .set({ assignee_id: storyWorker.id })
      .where('id', '=', applicationId)
      .execute();
    const cancelled = await call(owner, 'POST', `/api/ProviderRecord/${applicationId}/closures/${closureId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<Availability>().closures[0]).toMatchObject({ closureId, state: 'cancelled' });
    expect(await foundOn(plusDays(today, 11))).toBe(true);
    // The provider is told, and the worker assigned to the application.
    const titles = async (user: TestUser) =>
      (
        await db()
          .selectFrom('message')
          .select('title')
          .where('user_id', '=', user.id)
          .where('application_id', '=', applicationId)
          .execute()
      ).map((row) => row.title);
    expect(await titles(owner)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Your closure from .* is cancelled$/)]),
    );
    expect(await titles(storyWorker)).toEqual(
      expect.arrayContaining([`${NAME} cancelled its closure from ${longDay(plusDays(today, 10))}`]),
    );
    expect(await titles(polkWorker)).toEqual([]);
    const again = await call(owner, 'POST', `/api/ProviderRecord/${applicationId}/closures/${closureId}/cancel`);
    expect(again.statusCode).toBe(409);
    const trail = await ctx.app.repositories.audit.forEntity('application', String(applicationId));
    expect(trail.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['provider.closure.recorded', 'provider.closure.cancelled']),
    );
  });

  it('hides the provider from today’s search during a closure that covers today; it cannot be cancelled', async () => {
    const today = todayIso();
    const response = await call(owner, 'POST', closuresUrl(), {
      kind: 'temporary',
      startsOn: today,
      endsOn: plusDays(today, 2),
      reason: 'Illness',
    });
    expect(response.statusCode).toBe(201);
    const availability = response.json<Availability>();
    expect(availability.closedToday).toBe(true);
    expect(await search()).toEqual([]);
    const current = availability.closures.find((closure) => closure.state === 'in-force')!;
    expect(
      (await call(owner, 'POST', `/api/ProviderRecord/${applicationId}/closures/${current.closureId}/cancel`))
        .statusCode,
    ).toBe(409);
    expect(await foundOn(plusDays(today, 3))).toBe(true);
  });

  it('tells the provider of a closure in their language, in the inbox and by mail', async () => {
    const messages = await db()
      .selectFrom('message')
      .select(['title', 'body', 'links'])
      .where('user_id', '=', owner.id)
      .where('title', 'like', '%closure%')
      .execute();
    expect(messages.length).toBeGreaterThanOrEqual(2);
    expect(messages[0]!.links).toEqual([{ kind: 'availability', href: '/my-provider-record/availability' }]);
    const mails = await db()
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', owner.email)
      .execute();
    expect(mails.some((mail) => /closure/i.test(mail.subject))).toBe(true);
  });
});

describe('a permanent closure', () => {
  let permanentId: number;
  let otherOwner: TestUser;
  const PERMANENT = 'Permanent Poplar Care';

  beforeAll(async () => {
    otherOwner = await createUser(ctx, 'Poplar Owner');
    await db().updateTable('app_user').set({ preferred_language: 'es' }).where('id', '=', storyWorker.id).execute();
    permanentId = await submitApplication(ctx, otherOwner, inStory(PERMANENT));
    await approve(permanentId);
  });

  it('ends the listing from its first day, tells the county’s workers, and allows no closure after it', async () => {
    const today = todayIso();
    const response = await call(otherOwner, 'POST', `/api/ProviderRecord/${permanentId}/closures`, {
      kind: 'permanent',
      startsOn: today,
      reason: 'Retiring',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Availability>()).toMatchObject({ closedToday: true, closedForGood: true });
    const found = async (day: string) =>
      (await ctx.app.repositories.providers.search({ businessName: PERMANENT, limit: 10, today: day })).value.length;
    expect(await found(today)).toBe(0);
    expect(await found(plusDays(today, 400))).toBe(0);

    // The county's worker is told, in their own language (Spanish here); the other county's is not.
    const told = await db()
      .selectFrom('message')
      .select(['title', 'links', 'locale'])
      .where('user_id', '=', storyWorker.id)
      .where('application_id', '=', permanentId)
      .execute();
    expect(told).toEqual([
      expect.objectContaining({
        locale: 'es',
        links: [{ kind: 'review', href: `/staff/applications/${permanentId}` }],
      }),
    ]);
    const polkTold = await db()
      .selectFrom('message')
      .select('id')
      .where('user_id', '=', polkWorker.id)
      .where('application_id', '=', permanentId)
      .execute();
    expect(polkTold).toEqual([]);

    const after = await call(otherOwner, 'POST', `/api/ProviderRecord/${permanentId}/closures`, {
      kind: 'temporary',
      startsOn: plusDays(today, 5),
      endsOn: plusDays(today, 6),
      reason: 'Holiday',
    });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ type: 'urn:ccap:problem:closed-for-good' });
  });
});

describe('a permanent closure cancelled before it begins', () => {
  it('tells the county’s workers, in their language, and the provider', async () => {
    const closer = await createUser(ctx, 'Birch Owner');
    const id = await submitApplication(ctx, closer, inStory('Birch Change of Heart Care'));
    await approve(id);
    const recorded = await call(closer, 'POST', `/api/ProviderRecord/${id}/closures`, {
      kind: 'permanent',
      startsOn: plusDays(todayIso(), 30),
      reason: 'Moving away',
    });
    expect(recorded.statusCode).toBe(201);
    const closureId = recorded.json<Availability>().closures[0]!.closureId;
    const cancelled = await call(closer, 'POST', `/api/ProviderRecord/${id}/closures/${closureId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const told = async (user: TestUser) =>
      db()
        .selectFrom('message')
        .select(['title', 'locale'])
        .where('user_id', '=', user.id)
        .where('application_id', '=', id)
        .orderBy('id')
        .execute();
    // The worker of Story reads Spanish (set above): recorded, then cancelled.
    expect((await told(storyWorker)).map((row) => row.locale)).toEqual(['es', 'es']);
    expect((await told(storyWorker))[1]!.title).toMatch(/^Birch Change of Heart Care canceló su cierre desde el /);
    expect(await told(polkWorker)).toEqual([]);
    expect((await told(closer)).map((row) => row.title)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Your closure from .* is cancelled$/)]),
    );
  });
});

describe('openings', () => {
  it('saves openings by age group, shows them in the search, and filters by them', async () => {
    // The closure covering today ends in two days: the search of that day finds the provider.
    await db()
      .updateTable('provider_closure')
      .set({ cancelled_at: new Date() })
      .where('application_id', '=', applicationId)
      .execute();
    const saved = await call(owner, 'PUT', openingsUrl(), {
      openings: [
        { ageGroup: 'infant-toddler', count: 2 },
        { ageGroup: 'preschool', count: 0 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Availability>().openings).toEqual([
      { ageGroup: 'infant-toddler', count: 2, updatedOn: todayIso(), stale: false },
      { ageGroup: 'preschool', count: 0, updatedOn: todayIso(), stale: false },
    ]);
    const [found] = await search();
    expect(found!.Openings).toEqual([
      { AgeGroup: 'infant-toddler', Count: 2, UpdatedOn: todayIso(), NotUpdatedRecently: false },
      { AgeGroup: 'preschool', Count: 0, UpdatedOn: todayIso(), NotUpdatedRecently: false },
    ]);
    expect(await search({ openingsFor: 'infant-toddler' })).toHaveLength(1);
    // No openings (0) and no row at all are alike: the filter does not find the provider.
    expect(await search({ openingsFor: 'preschool' })).toEqual([]);
    expect(await search({ openingsFor: 'school-age' })).toEqual([]);
  });

  it('marks openings saved more than 60 days ago as not updated recently; the filter leaves them out', async () => {
    await db()
      .updateTable('provider_opening')
      .set({ updated_on: plusDays(todayIso(), -61) })
      .where('application_id', '=', applicationId)
      .where('age_group', '=', 'infant-toddler')
      .execute();
    const [found] = await search();
    expect(found!.Openings[0]).toMatchObject({ AgeGroup: 'infant-toddler', NotUpdatedRecently: true });
    expect(await search({ openingsFor: 'infant-toddler' })).toEqual([]);
    const read = (await call(storyWorker, 'GET', availabilityUrl())).json<Availability>();
    expect(read.openings[0]).toMatchObject({ ageGroup: 'infant-toddler', stale: true });

    // Sixty days exactly is still recent.
    await db()
      .updateTable('provider_opening')
      .set({ updated_on: plusDays(todayIso(), -60) })
      .where('application_id', '=', applicationId)
      .execute();
    expect(await search({ openingsFor: 'infant-toddler' })).toHaveLength(1);
  });

  it('refuses bad openings and an unknown filter with clear messages, and changes nothing', async () => {
    const before = await auditCount();
    const bad = [
      { openings: [{ ageGroup: 'infant-toddler', count: -1 }] },
      { openings: [{ ageGroup: 'infant-toddler', count: 100 }] },
      { openings: [{ ageGroup: 'infant-toddler', count: 1.5 }] },
      { openings: [{ ageGroup: 'teenagers', count: 1 }] },
      {
        openings: [
          { ageGroup: 'preschool', count: 1 },
          { ageGroup: 'preschool', count: 2 },
        ],
      },
      { openings: [] },
    ];
    for (const body of bad) {
      const response = await call(owner, 'PUT', openingsUrl(), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const negative = await call(owner, 'PUT', openingsUrl(), { openings: [{ ageGroup: 'preschool', count: -1 }] });
    expect(negative.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
      { path: 'openings.0.count', message: 'validation.availability.openings' },
    ]);
    expect(await auditCount()).toBe(before);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/Providers', payload: { openingsFor: 'teenagers' } }))
        .statusCode,
    ).toBe(400);
  });
});
