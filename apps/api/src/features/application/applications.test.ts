import { type DraftApplication, draftConflictProblemType, DRAFT_JSON_MAX_BYTES } from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

let ctx: TestContext;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  owner = await createUser(ctx, 'Draft Owner');
  stranger = await createUser(ctx, 'Someone Else');
});
afterAll(async () => {
  await ctx.close();
});

const save = (user: TestUser, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/Application/save-my-draft-applications',
    headers: user.headers,
    payload: body,
  });
const list = (user: TestUser) =>
  ctx.app.inject({ method: 'POST', url: '/api/Application/get-my-draft-applications', headers: user.headers });
const json = (value: unknown) => JSON.stringify(value);

describe('lookups', () => {
  it('lists every lookup type, categories under their provider type, and the profile counties', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/Lookup/get-lookups' });
    expect(response.statusCode).toBe(200);
    const items = response.json<{
      data: { lookupId: number; lookupType: string; code: string; parentLookupId: number | null }[];
    }>().data;
    const types = new Set(items.map((item) => item.lookupType));
    expect([...types].sort()).toEqual([
      'AgeGroup',
      'Category',
      'County',
      'Day',
      'Language',
      'ProviderType',
      'Relationship',
      'State',
      'TaxClassification',
    ]);
    expect(items.filter((item) => item.lookupType === 'County')).toHaveLength(99);
    const registered = items.find((item) => item.code === 'registered-cdh')!;
    expect(items.filter((item) => item.parentLookupId === registered.lookupId).map((item) => item.code)).toEqual([
      'cdh-a',
      'cdh-b',
      'cdh-c',
      'cdh-c1',
    ]);
  });

  it('are answered from memory until a list changes in the database (ADR 048)', async () => {
    const lookups = () => ctx.app.inject({ method: 'GET', url: '/api/Lookup/get-lookups' });
    const counties = (response: Awaited<ReturnType<typeof lookups>>) =>
      response
        .json<{ data: { lookupType: string; code: string }[] }>()
        .data.filter((item) => item.lookupType === 'County')
        .map((item) => item.code);
    expect(counties(await lookups())).not.toContain('Zz Test');
    // Another instance's start with a profile that gained a county, written straight to the database.
    await ctx.database.db
      .insertInto('lookup_item')
      .values({ lookup_type: 'County', code: 'Zz Test', name: 'Zz Test', sort_order: 999 })
      .execute();
    expect(counties(await lookups())).toContain('Zz Test');
    await ctx.database.db.deleteFrom('lookup_item').where('code', '=', 'Zz Test').execute();
    expect(counties(await lookups())).not.toContain('Zz Test');
    expect(counties(await lookups())).toHaveLength(99);
  });
});

describe('drafts', () => {
  it('saves, lists (latest has the highest id), updates with the version, and deletes', async () => {
    const first = await save(owner, {
      id: 0,
      userEmail: '',
      applicationJson: json({ providerType: 'registeredprovider' }),
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 1, applicationJson: json({ providerType: 'registeredprovider' }) });
    const second = await save(owner, {
      userEmail: '',
      applicationJson: json({ providerType: 'unregisteredprovider' }),
    });
    const drafts = (await list(owner)).json<{ id: number; userEmail: string; applicationJson: string }[]>();
    expect(drafts.map((d) => d.id)).toEqual([first.json().id, second.json().id]);
    expect(drafts.every((d) => d.userEmail === '')).toBe(true);

    const partial = { providerType: 'registeredprovider', providerInfo: { firstName: 'Maria' } };
    const updated = await save(owner, {
      id: first.json().id,
      version: 1,
      userEmail: '',
      applicationJson: json(partial),
    });
    expect(updated.json()).toMatchObject({ id: first.json().id, version: 2, applicationJson: json(partial) });

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/Application/get-my-draft-applications?query=${second.json().id}`,
      headers: owner.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect((await list(owner)).json().map((d: { id: number }) => d.id)).toEqual([first.json().id]);
  });

  it('never lets another user read, save over or delete a draft: 404', async () => {
    const mine = (await save(owner, { applicationJson: json({ providerType: 'registeredprovider' }) })).json();
    expect((await list(stranger)).json()).toEqual([]);
    const overwrite = await save(stranger, {
      id: mine.id,
      version: mine.version,
      applicationJson: json({ providerType: 'registeredprovider' }),
    });
    expect(overwrite.statusCode).toBe(404);
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/Application/get-my-draft-applications?query=${mine.id}`,
      headers: stranger.headers,
    });
    expect(remove.statusCode).toBe(404);
    expect((await list(owner)).json().some((d: { id: number }) => d.id === mine.id)).toBe(true);
  });

  it('answers a save from a stale tab with 409, keeping the newer draft', async () => {
    const draft = (await save(owner, { applicationJson: json({ providerType: 'registeredprovider' }) })).json();
    const tabA = await save(owner, {
      id: draft.id,
      version: 1,
      applicationJson: json({ providerType: 'registeredprovider', providerInfo: { firstName: 'A' } }),
    });
    expect(tabA.statusCode).toBe(200);
    const tabB = await save(owner, {
      id: draft.id,
      version: 1,
      applicationJson: json({ providerType: 'registeredprovider', providerInfo: { firstName: 'B' } }),
    });
    expect(tabB.statusCode).toBe(409);
    expect(tabB.json().type).toBe(draftConflictProblemType);
    const kept = (await list(owner)).json().find((d: { id: number }) => d.id === draft.id);
    expect(JSON.parse(kept.applicationJson).providerInfo.firstName).toBe('A');
  });

  it('refuses bad JSON, the wrong shape, oversize drafts and missing versions, changing nothing', async () => {
    const before = (await list(owner)).json();
    const bad = await save(owner, { applicationJson: '{"providerType": ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ path: 'applicationJson' });
    const shape = await save(owner, { applicationJson: json({ providerType: 'spaceship', children: 'many' }) });
    expect(shape.statusCode).toBe(400);
    expect(
      shape
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['applicationJson.children', 'applicationJson.providerType']);
    const huge = await save(owner, {
      applicationJson: json({
        providerType: 'registeredprovider',
        providerInfo: { note: 'x'.repeat(DRAFT_JSON_MAX_BYTES) },
      }),
    });
    expect(huge.statusCode).toBe(400);
    const noVersion = await save(owner, {
      id: before[0].id,
      applicationJson: json({ providerType: 'registeredprovider' }),
    });
    expect(noVersion.statusCode).toBe(400);
    expect((await list(owner)).json()).toEqual(before);
  });
});

describe('submission', () => {
  const submit = (user: TestUser, url: string, draftApplicationId: number, application: unknown, version?: number) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: user.headers,
      payload: { draftApplicationId, applicationJson: json(application), version },
    });

  it('checks every required step and names each problem', async () => {
    const draft = (await save(owner, { applicationJson: json({ providerType: 'registeredprovider' }) })).json();
    const incomplete = { ...completeApplication(), providerInfo: { firstName: 'Maria' }, w9Info: undefined };
    const response = await submit(owner, '/api/Application', draft.id, incomplete);
    expect(response.statusCode).toBe(400);
    const paths = response.json().errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['providerInfo.lastName', 'providerInfo.phone', 'w9-info-form']));
  });

  it("refuses a kind of provider that is not of the application's own type (only a direct call sends one)", async () => {
    const application = completeApplication('unregisteredprovider');
    application.categoryTypes = { ...application.categoryTypes, providerTypeCode: 'registered-cdh' };
    const draft = (await save(owner, { applicationJson: json(application) })).json();
    const response = await submit(owner, '/api/Application/save-unregistered-provider', draft.id, application);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'categoryTypes.providerTypeCode', message: 'validation.application.providerTypeCode' },
    ]);
  });

  it("refuses answers over the program profile's limits and maximum rates, each with its rule's message", async () => {
    const registered = completeApplication();
    const unregistered = completeApplication('unregisteredprovider');
    const cases: [string, DraftApplication, { path: string; message: string }[]][] = [
      [
        '/api/Application',
        {
          ...registered,
          categoryTypes: { ...registered.categoryTypes, categoryCode: 'cdh-a', preschoolChildren: 7 },
          ratesInfo: {
            rates: { ...registered.ratesInfo!.rates!, preschool: { basic: 15.01, specialNeeds: 22.5 } },
          },
        },
        [
          { path: 'categoryTypes.preschoolChildren', message: 'validation.application.categoryLimit.6' },
          { path: 'ratesInfo.rates.preschool.basic', message: 'validation.application.rateAboveMaximum' },
        ],
      ],
      [
        '/api/Application/save-unregistered-provider',
        { ...unregistered, categoryTypes: { ...unregistered.categoryTypes, capacity: 6 } },
        [{ path: 'categoryTypes.capacity', message: 'validation.application.homeLimit.5' }],
      ],
      [
        '/api/Application/save-unregistered-provider',
        {
          ...unregistered,
          categoryTypes: {
            ...unregistered.categoryTypes,
            providerTypeCode: 'non-registered-in-home',
            categoryCode: 'in-home',
            eligibleChildren: 2,
          },
          ratesInfo: { inHomeRate: 36.26 },
        },
        [
          { path: 'categoryTypes.eligibleChildren', message: 'validation.application.inHomeMinimum.3' },
          { path: 'ratesInfo.inHomeRate', message: 'validation.application.rateAboveMaximum' },
        ],
      ],
    ];
    for (const [url, application, errors] of cases) {
      const draft = (await save(owner, { applicationJson: json(application) })).json();
      const response = await submit(owner, url, draft.id, application);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json().errors).toEqual(errors);
      // Nothing was submitted: the draft is still there.
      expect((await list(owner)).json().map((record: { id: number }) => record.id)).toContain(draft.id);
    }
  });

  it("refuses a county that is not one of the program's: no service worker's queue would show it", async () => {
    for (const county of ['polk', 'Polk County', 'Atlantis']) {
      const application = { ...completeApplication(), address: { ...completeApplication().address, county } };
      const draft = (await save(owner, { applicationJson: json(application) })).json();
      const response = await submit(owner, '/api/Application', draft.id, application);
      expect(response.statusCode, county).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json().errors).toEqual([{ path: 'address.county', message: 'validation.application.county' }]);
      // Nothing was submitted: the draft is still there.
      expect((await list(owner)).json().map((record: { id: number }) => record.id)).toContain(draft.id);
    }
  });

  it('submits once, however often it is sent, consuming the draft and auditing it', async () => {
    const application = completeApplication();
    const draft = (await save(owner, { applicationJson: json(application) })).json();
    const [first, second] = await Promise.all([
      submit(owner, '/api/Application', draft.id, application),
      submit(owner, '/api/Application', draft.id, application),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().applicationId).toBe(second.json().applicationId);
    expect(first.json().status).toBe('submitted');
    const retry = await submit(owner, '/api/Application', draft.id, application);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().applicationId).toBe(first.json().applicationId);
    expect((await list(owner)).json().some((d: { id: number }) => d.id === draft.id)).toBe(false);
    const trail = await ctx.app.repositories.audit.forEntity('application', String(first.json().applicationId));
    expect(trail.map((row) => row.action)).toEqual(['application.submitted']);
  });

  it('refuses a submission reviewed at an older version of the draft: the newer save is kept, nothing submitted', async () => {
    const reviewed = completeApplication();
    const draft = (await save(owner, { applicationJson: json(reviewed) })).json();
    // Another tab saves the draft after this one reviewed it.
    const newer = { ...reviewed, providerInfo: { ...reviewed.providerInfo, businessName: 'Saved in the other tab' } };
    const other = await save(owner, { id: draft.id, version: draft.version, applicationJson: json(newer) });
    expect(other.statusCode).toBe(200);

    const stale = await submit(owner, '/api/Application', draft.id, reviewed, draft.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.headers['content-type']).toContain('application/problem+json');
    expect(stale.json().type).toBe(draftConflictProblemType);
    const kept = (await list(owner)).json().find((record: { id: number }) => record.id === draft.id);
    expect(kept).toMatchObject({ version: other.json().version });
    expect(JSON.parse(kept.applicationJson).providerInfo.businessName).toBe('Saved in the other tab');
    const submitted = await ctx.database.db
      .selectFrom('application')
      .select('id')
      .where('draft_id', '=', draft.id)
      .execute();
    expect(submitted).toEqual([]);

    // Reviewed again at the newer version, it goes in.
    const current = await submit(owner, '/api/Application', draft.id, newer, other.json().version);
    expect(current.statusCode).toBe(201);
  });

  it('submits an unregistered provider through its own call, and not through the other', async () => {
    const application = completeApplication('unregisteredprovider');
    const draft = (await save(owner, { applicationJson: json(application) })).json();
    expect((await submit(owner, '/api/Application', draft.id, application)).statusCode).toBe(400);
    const response = await submit(owner, '/api/Application/save-unregistered-provider', draft.id, application);
    expect(response.statusCode).toBe(201);
  });

  it("answers another user's draft with 404", async () => {
    const application = completeApplication();
    const draft = (await save(owner, { applicationJson: json(application) })).json();
    expect((await submit(stranger, '/api/Application', draft.id, application)).statusCode).toBe(404);
  });
});
