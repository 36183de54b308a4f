import { type ProviderChange, type ProviderRecordView, plusDays, type StaffChangeQueue } from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

let ctx: TestContext;
let provider: TestUser;
let otherApplicant: TestUser;
let storyWorker: TestUser;
let polkWorker: TestUser;
let admin: TestUser;
let applicationId: number;

const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
const today = () => ctx.app.repositories.providerRecords.today();
const newAddress = (address1: string) => ({
  address: {
    careLocation: { address1, city: 'Ames', state: 'IA', zipCode: '50014' },
    mailingSameAsCare: true,
    county: 'Story',
  },
});

type Adults = NonNullable<ProviderRecordView['inForce']>['answers']['adults'] & object;
/** A draft of the household's adults with one more. */
const withAdult = (adults: Adults, adult: NonNullable<Adults['members']>[number]) => ({
  parts: ['adults'],
  answers: { adults: { ...adults, members: [...(adults.members ?? []), adult] } },
  effectiveDate: today(),
});

async function draft(payload: object, user = provider) {
  const response = await call(user, 'POST', `/api/ProviderRecord/${applicationId}/changes`, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ProviderChange>();
}
async function submit(change: ProviderChange) {
  return call(provider, 'POST', `/api/ProviderRecord/changes/${change.changeId}/submit`, { version: change.version });
}
async function sent(payload: object) {
  const response = await submit(await draft(payload));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProviderChange>();
}
const decide = (user: TestUser, change: ProviderChange, body: object) =>
  call(user, 'POST', `/api/Staff/changes/${change.changeId}/decision`, { version: change.version, ...body });
const record = async () =>
  (await call(provider, 'GET', `/api/ProviderRecord/${applicationId}`)).json<ProviderRecordView>();
const messagesOf = async (user: TestUser) =>
  (await ctx.database.db.selectFrom('notification').select('event').where('user_id', '=', user.id).execute()).map(
    (row) => row.event,
  );

beforeAll(async () => {
  ctx = await createTestApp();
  provider = await createUser(ctx, 'Provider');
  otherApplicant = await createUser(ctx, 'Other Applicant');
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
  admin = await createUser(ctx, 'Admin', 'administrator');
  applicationId = await submitApplication(ctx, provider, completeApplication());
  for (const [action, version] of [
    ['start-review', 1],
    ['approve', 2],
  ] as const) {
    const response = await call(storyWorker, 'POST', `/api/Staff/applications/${applicationId}/status`, {
      action,
      version,
    });
    expect(response.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await ctx.close();
});

describe('reporting a change', () => {
  it('saves a draft of only the parts named, sends it, and the county worker approves it into version 2', async () => {
    const change = await draft({ parts: ['address'], answers: newAddress('9 Elm Street'), effectiveDate: today() });
    expect(change).toMatchObject({ status: 'draft', parts: ['address'], basedOnVersion: 1, conflict: false });
    expect(change.before.address?.careLocation?.address1).toBe('120 Oak Street');
    expect(change.after.address?.careLocation?.address1).toBe('9 Elm Street');
    expect(change.after.w9Info).toBeUndefined();

    // A draft is its provider's only: staff see sent changes.
    expect((await call(storyWorker, 'GET', `/api/ProviderRecord/changes/${change.changeId}`)).statusCode).toBe(404);
    const response = await submit(change);
    expect(response.statusCode, response.body).toBe(200);
    const submitted = response.json<ProviderChange>();
    expect(submitted.status).toBe('submitted');
    expect(await messagesOf(provider)).toContain('changeReceived');
    // The county's workers are told too, with a link to the change; another county's are not.
    const toStaff = await ctx.database.db
      .selectFrom('message')
      .select(['title', 'links'])
      .where('user_id', '=', storyWorker.id)
      .where('title', 'like', '%reported a change%')
      .execute();
    expect(toStaff).toEqual([
      {
        title: `Little Oaks Home Care reported a change (${change.changeId})`,
        links: [{ kind: 'review', href: `/staff/changes/${change.changeId}` }],
      },
    ]);
    expect(await messagesOf(polkWorker)).not.toContain('changeReceived');

    const queue = (await call(storyWorker, 'GET', '/api/Staff/changes?status=submitted')).json<StaffChangeQueue>();
    expect(queue.items.map((item) => item.changeId)).toContain(change.changeId);
    expect((await call(polkWorker, 'GET', '/api/Staff/changes')).json<StaffChangeQueue>().items).toEqual([]);

    const approved = await decide(storyWorker, submitted, { action: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<ProviderChange>()).toMatchObject({ status: 'applied', appliedVersion: 2 });
    expect(await messagesOf(provider)).toEqual(expect.arrayContaining(['changeDecided', 'changeApplied']));

    const now = await record();
    expect(now.currentVersion).toBe(2);
    expect(now.inForce?.answers.address?.careLocation?.address1).toBe('9 Elm Street');
    expect(now.history[1]).toMatchObject({ version: 2, validFrom: today(), changed: ['address'] });
    const listed = await ctx.database.db
      .selectFrom('provider')
      .select('address1')
      .where('license_number', '=', now.licenseNumber)
      .executeTakeFirstOrThrow();
    expect(listed.address1).toBe('9 Elm Street');
  });

  it('refuses to send a change that changes nothing, or one the wizard’s rules refuse', async () => {
    const current = await record();
    const same = await draft({
      parts: ['address'],
      answers: { address: current.inForce!.answers.address },
      effectiveDate: today(),
    });
    // The record's masked answers hold no protected field in the address: the same answers.
    const nothing = await submit(same);
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json<{ type: string }>().type).toBe('urn:ccap:problem:change-nothing-changed');

    const broken = await draft({
      parts: ['providerInfo'],
      answers: { providerInfo: { ...current.inForce!.answers.providerInfo, phone: '12', dateOfBirth: undefined } },
      effectiveDate: today(),
    });
    const refused = await submit(broken);
    expect(refused.statusCode).toBe(400);
    const errors = refused.json<{ errors: { path: string; message: string }[] }>().errors;
    expect(errors).toEqual(
      expect.arrayContaining([{ path: 'providerInfo.phone', message: 'validation.application.phone' }]),
    );
  });

  it('refuses an effective date further back than the profile allows, with a message', async () => {
    const limit = ctx.profile.providerChanges.pastLimitDays;
    const response = await call(provider, 'POST', `/api/ProviderRecord/${applicationId}/changes`, {
      parts: ['address'],
      answers: newAddress('1 Far Away'),
      effectiveDate: plusDays(today(), -limit - 1),
    });
    expect(response.statusCode).toBe(400);
    // The earliest day allowed, written as the reader's language writes a date.
    const earliest = new Date(`${plusDays(today(), -limit)}T00:00:00Z`);
    const written = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(earliest);
    expect(response.json<{ detail: string }>().detail).toContain(written);

    // A draft saved again with such a day is refused the same way, and stays as it was.
    const change = await draft({ parts: ['address'], answers: newAddress('2 Near Road'), effectiveDate: today() });
    const resaved = await call(provider, 'PUT', `/api/ProviderRecord/changes/${change.changeId}`, {
      parts: ['address'],
      answers: newAddress('2 Near Road'),
      effectiveDate: plusDays(today(), -limit - 1),
      version: change.version,
    });
    expect(resaved.statusCode).toBe(400);
    expect(resaved.json<{ detail: string }>().detail).toContain(written);
    const kept = (await ctx.app.repositories.providerChanges.find(change.changeId))!;
    expect(kept).toMatchObject({ effectiveDate: today(), version: change.version });
  });

  it('lets the provider withdraw before a decision, not after', async () => {
    const change = await sent({ parts: ['address'], answers: newAddress('5 Withdrawn Way'), effectiveDate: today() });
    const withdrawn = await call(provider, 'POST', `/api/ProviderRecord/changes/${change.changeId}/withdraw`, {
      version: change.version,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json<ProviderChange>().status).toBe('withdrawn');
    const late = await decide(storyWorker, withdrawn.json<ProviderChange>(), { action: 'approve' });
    expect(late.statusCode).toBe(409);
  });

  it('needs a reason to deny, and tells the provider', async () => {
    const change = await sent({ parts: ['address'], answers: newAddress('7 Denied Road'), effectiveDate: today() });
    expect((await decide(storyWorker, change, { action: 'deny' })).statusCode).toBe(400);
    const denied = await decide(storyWorker, change, { action: 'deny', reason: 'That address is not in Iowa' });
    expect(denied.statusCode).toBe(200);
    expect(denied.json<ProviderChange>()).toMatchObject({
      status: 'denied',
      decisionReason: 'That address is not in Iowa',
    });
    expect((await record()).currentVersion).toBe(2);
    // The provider reads the reason, in the inbox and the mail.
    const told = await ctx.database.db
      .selectFrom('message')
      .select(['title', 'body'])
      .where('user_id', '=', provider.id)
      .where('title', '=', `Your change ${change.changeId} was denied`)
      .executeTakeFirstOrThrow();
    expect(told.body).toContain('That address is not in Iowa');
    const mails = await ctx.database.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', provider.email)
      .execute();
    expect(mails.map((mail) => mail.subject)).toContain(`Your change ${change.changeId} was denied`);
  });
});

describe('a new adult in the household', () => {
  it('asks for their record check documents, and keeps the others’ masked dates of birth', async () => {
    const current = (await record()).inForce!.answers;
    const adults = current.adults!;
    expect(adults.members?.[0]?.dateOfBirth).toBe('••••-••-••');
    const change = await draft(
      withAdult(adults, {
        firstName: 'Rosa',
        lastName: 'Lopez',
        dateOfBirth: '1950-04-02',
        relationshipCode: 'parent',
      }),
    );
    expect(change.documentsNeeded.map((document) => document.documentName)).toEqual([
      'Record check authorization (Form 470-3301) – Rosa Lopez',
      'Physical examination report (Form 470-5152) – Rosa Lopez',
    ]);
    const response = await submit(change);
    expect(response.statusCode, response.body).toBe(200);
    const stored = (await ctx.app.repositories.providerChanges.find(change.changeId))!;
    expect(stored.answers.adults?.members?.[0]?.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const withdrawn = await call(provider, 'POST', `/api/ProviderRecord/changes/${change.changeId}/withdraw`, {
      version: response.json<ProviderChange>().version,
    });
    expect(withdrawn.statusCode).toBe(200);
  });
});

describe('dates of birth on file in a change', () => {
  it('puts back a masked date of birth of the provider, on a draft saved again too', async () => {
    const current = (await record()).inForce!.answers;
    expect(current.providerInfo?.dateOfBirth).toBe('••••-••-••');
    const change = await draft({
      parts: ['providerInfo'],
      answers: { providerInfo: { ...current.providerInfo, phone: '515-555-0101' } },
      effectiveDate: today(),
    });
    expect(change.after.providerInfo?.dateOfBirth).toBe('••••-••-••');
    const resaved = await call(provider, 'PUT', `/api/ProviderRecord/changes/${change.changeId}`, {
      parts: ['providerInfo'],
      answers: { providerInfo: { ...current.providerInfo, phone: '515-555-0102' } },
      effectiveDate: today(),
      version: change.version,
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    const stored = (await ctx.app.repositories.providerChanges.find(change.changeId))!;
    expect(stored.answers.providerInfo?.dateOfBirth).toBe(completeApplication().providerInfo!.dateOfBirth);
    const sentNow = await submit(resaved.json<ProviderChange>());
    expect(sentNow.statusCode, sentNow.body).toBe(200);
    const withdrawn = await call(provider, 'POST', `/api/ProviderRecord/changes/${change.changeId}/withdraw`, {
      version: sentNow.json<ProviderChange>().version,
    });
    expect(withdrawn.statusCode).toBe(200);
  });

  it('refuses to send a masked date of birth that matches no one on the record', async () => {
    const adults = (await record()).inForce!.answers.adults!;
    const change = await draft(
      withAdult(adults, {
        firstName: 'Nobody',
        lastName: 'Known',
        dateOfBirth: '••••-••-••',
        relationshipCode: 'parent',
      }),
    );
    const refused = await submit(change);
    expect(refused.statusCode).toBe(400);
    const index = adults.members!.length;
    expect(refused.json<{ errors: { path: string }[] }>().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: `adults.members.${index}.dateOfBirth` })]),
    );
    expect((await ctx.app.repositories.providerChanges.find(change.changeId))!.status).toBe('draft');
  });
});

describe('conflicts and the job', () => {
  it('shows a change written against an older version as a conflict, approved only over the version seen', async () => {
    const first = await sent({ parts: ['address'], answers: newAddress('11 First Street'), effectiveDate: today() });
    const second = await sent({ parts: ['address'], answers: newAddress('22 Second Street'), effectiveDate: today() });
    expect((await decide(storyWorker, first, { action: 'approve' })).statusCode).toBe(200);

    const seen = (
      await call(storyWorker, 'GET', `/api/ProviderRecord/changes/${second.changeId}`)
    ).json<ProviderChange>();
    expect(seen).toMatchObject({ conflict: true, basedOnVersion: 2, currentRecordVersion: 3 });
    expect(seen.before.address?.careLocation?.address1).toBe('9 Elm Street');
    expect(seen.current?.address?.careLocation?.address1).toBe('11 First Street');
    expect(seen.after.address?.careLocation?.address1).toBe('22 Second Street');

    const blind = await decide(storyWorker, seen, { action: 'approve' });
    expect(blind.statusCode).toBe(409);
    expect(blind.json<{ type: string }>().type).toBe('urn:ccap:problem:change-conflict');
    expect((await record()).currentVersion).toBe(3);

    const over = await decide(storyWorker, seen, { action: 'approve', overVersion: 3 });
    expect(over.statusCode, over.body).toBe(200);
    expect(over.json<ProviderChange>()).toMatchObject({ status: 'applied', appliedVersion: 4 });
  });

  it('applies a future-dated change on its day, by the job, not before', async () => {
    const tomorrow = plusDays(today(), 1);
    const change = await sent({ parts: ['address'], answers: newAddress('33 Future Lane'), effectiveDate: tomorrow });
    const approved = await decide(storyWorker, change, { action: 'approve' });
    expect(approved.json<ProviderChange>().status).toBe('approved');
    const changes = ctx.app.repositories.providerChanges;

    expect(await changes.applyDue(today())).toEqual({ applied: 0, returned: 0 });
    expect((await record()).currentVersion).toBe(4);
    expect(await changes.applyDue(tomorrow)).toEqual({ applied: 1, returned: 0 });
    const later = (
      await call(provider, 'GET', `/api/ProviderRecord/${applicationId}?on=${tomorrow}`)
    ).json<ProviderRecordView>();
    expect(later.inForce).toMatchObject({ version: 5, validFrom: tomorrow });
    expect(later.inForce?.answers.address?.careLocation?.address1).toBe('33 Future Lane');
    // Today still shows what is in force today.
    expect((await record()).inForce?.version).toBe(4);
  });

  it('sends an approved future change back to staff when the record changed before its day', async () => {
    const base = (await record()).currentVersion;
    const later = plusDays(today(), 5);
    const future = await sent({ parts: ['address'], answers: newAddress('44 Later Street'), effectiveDate: later });
    expect((await decide(storyWorker, future, { action: 'approve' })).statusCode).toBe(200);
    const sooner = await sent({
      parts: ['address'],
      answers: newAddress('55 Sooner Street'),
      effectiveDate: plusDays(today(), 2),
    });
    expect((await decide(storyWorker, sooner, { action: 'approve' })).statusCode).toBe(200);
    const changes = ctx.app.repositories.providerChanges;
    expect(await changes.applyDue(later)).toEqual({ applied: 1, returned: 1 });
    const back = (
      await call(storyWorker, 'GET', `/api/ProviderRecord/changes/${future.changeId}`)
    ).json<ProviderChange>();
    expect(back).toMatchObject({ status: 'submitted', conflict: true, currentRecordVersion: base + 1 });
  });
});

describe('who may see and decide', () => {
  it('answers 404 to another applicant and another county, and lets no one decide their own change', async () => {
    const change = await sent({ parts: ['address'], answers: newAddress('66 Private Road'), effectiveDate: today() });
    const own = await draft({ parts: ['address'], answers: newAddress('67 Own Draft Road'), effectiveDate: today() });
    for (const [method, url, body] of [
      [
        'PUT',
        `/api/ProviderRecord/changes/${own.changeId}`,
        { parts: ['address'], answers: newAddress('1 Intruder Way'), effectiveDate: today(), version: own.version },
      ],
      ['POST', `/api/ProviderRecord/changes/${own.changeId}/submit`, { version: own.version }],
      ['GET', `/api/ProviderRecord/changes/${own.changeId}`, undefined],
    ] as const) {
      const response = await call(otherApplicant, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json<{ type: string }>().type).toBeDefined();
    }
    expect((await ctx.app.repositories.providerChanges.find(own.changeId))!.version).toBe(own.version);
    for (const user of [otherApplicant, polkWorker]) {
      expect((await call(user, 'GET', `/api/ProviderRecord/changes/${change.changeId}`)).statusCode).toBe(404);
      expect((await call(user, 'GET', `/api/ProviderRecord/${applicationId}/changes`)).statusCode).toBe(404);
      expect(
        (
          await call(user, 'POST', `/api/ProviderRecord/changes/${change.changeId}/withdraw`, {
            version: change.version,
          })
        ).statusCode,
      ).toBe(404);
    }
    expect((await decide(polkWorker, change, { action: 'approve' })).statusCode).toBe(404);
    expect((await decide(provider, change, { action: 'approve' })).statusCode).toBe(403);
    expect(
      (
        await call(otherApplicant, 'POST', `/api/ProviderRecord/${applicationId}/changes`, {
          parts: ['address'],
          answers: newAddress('1 Intruder Way'),
          effectiveDate: today(),
        })
      ).statusCode,
    ).toBe(404);
    // Staff cannot edit a provider's change.
    expect(
      (
        await call(storyWorker, 'PUT', `/api/ProviderRecord/changes/${change.changeId}`, {
          parts: ['address'],
          answers: newAddress('1 Staff Way'),
          effectiveDate: today(),
          version: change.version,
        })
      ).statusCode,
    ).toBe(404);
    for (const user of [storyWorker, admin]) {
      expect((await call(user, 'GET', `/api/ProviderRecord/changes/${change.changeId}`)).statusCode).toBe(200);
    }
    const decided = await decide(admin, change, { action: 'deny', reason: 'Duplicate' });
    expect(decided.statusCode).toBe(200);
    const audit = await ctx.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_type', '=', 'provider_change')
      .where('entity_id', '=', String(change.changeId))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'provider-change.drafted',
      'provider-change.submitted',
      'provider-change.denied',
    ]);
  });
});

describe('where the program profile lets hours apply without review', () => {
  let own: TestContext;
  afterAll(async () => {
    await own?.close();
  });

  it('applies an hours change at once, audited and listed for staff as applied without review', async () => {
    own = await createTestApp({}, undefined, {
      profile: (shipped) => ({
        ...shipped,
        providerChanges: { pastLimitDays: 30, applyAtOnce: ['operationHoursInfo'] },
      }),
    });
    const owner = await createUser(own, 'Hours Provider');
    const worker = await createUser(own, 'Story Worker', 'service-worker', ['Story']);
    const id = await submitApplication(own, owner, completeApplication());
    for (const [action, version] of [
      ['start-review', 1],
      ['approve', 2],
    ] as const) {
      await own.app.inject({
        method: 'POST',
        url: `/api/Staff/applications/${id}/status`,
        headers: worker.headers,
        payload: { action, version },
      });
    }
    const hours = completeApplication().operationHoursInfo!;
    const created = await own.app.inject({
      method: 'POST',
      url: `/api/ProviderRecord/${id}/changes`,
      headers: owner.headers,
      payload: {
        parts: ['operationHoursInfo'],
        answers: { operationHoursInfo: { ...hours, weekendCare: true } },
        effectiveDate: own.app.repositories.providerRecords.today(),
      },
    });
    const change = created.json<ProviderChange>();
    const sentNow = await own.app.inject({
      method: 'POST',
      url: `/api/ProviderRecord/changes/${change.changeId}/submit`,
      headers: owner.headers,
      payload: { version: change.version },
    });
    expect(sentNow.json<ProviderChange>()).toMatchObject({
      status: 'applied',
      appliedWithoutReview: true,
      appliedVersion: 2,
    });
    const listed = await own.app.inject({
      method: 'GET',
      url: '/api/Staff/changes?status=applied',
      headers: worker.headers,
    });
    expect(listed.json<StaffChangeQueue>().items.map((item) => item.changeId)).toEqual([change.changeId]);
  });
});
