import type {
  DraftApplication,
  DraftRecord,
  MyApprovalTerm,
  MyRenewal,
  ProviderRecordView,
  ProviderSearchResponse,
  StaffQueueResponse,
  StaffRenewalQueue,
} from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { pdf } from '../../../test/document-files';
import { documentsOf, submitApplication, uploadMultipart } from '../../../test/documents-fixture';
import { createRuntimeTestDatabase, createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';
import { fixedClock } from '../../lib/clock';
import { plusMonths } from './approval-term';

// ADR 117: a renewal is an application of kind `renewal` linked to the record, prefilled from
// its current version without attestations; it asks only for the documents changed or expired;
// staff see it as the queue's "renewal" kind; approving it extends the record as a new version;
// sent before the last day, it keeps the record in force until decided. The clock is the test's.
const clock = fixedClock('2026-03-10T18:00:00Z', 'America/Chicago');
const setDay = (day: string) => clock.set(`${day}T18:00:00Z`);
let runtime: Awaited<ReturnType<typeof createRuntimeTestDatabase>>;
let ctx: TestContext;
let provider: TestUser;
let second: TestUser;
let stranger: TestUser;
let storyWorker: TestUser;
let polkWorker: TestUser;

const call = (user: TestUser | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user?.headers ?? {}, ...(payload ? { payload } : {}) });

const decide = async (id: number, steps: ReadonlyArray<readonly [string, number]>) => {
  for (const [action, version] of steps) {
    const answer = await call(storyWorker, 'POST', `/api/Staff/applications/${id}/status`, {
      action,
      version,
      ...(action === 'deny' ? { reason: 'The home no longer meets the rules.' } : {}),
    });
    expect(answer.statusCode, answer.body).toBe(200);
  }
};

/** An approved registered home in Story county, every document it needed on file. */
async function approved(owner: TestUser, businessName: string) {
  const answers = completeApplication('registeredprovider');
  answers.address = { ...answers.address, county: 'Story' };
  answers.providerInfo = { ...answers.providerInfo, businessName };
  const id = await submitApplication(ctx, owner, answers);
  for (const document of await documentsOf(ctx, owner, id)) {
    const sent = await uploadMultipart(
      ctx,
      owner,
      { applicationId: id, documentId: document.documentId },
      'file.pdf',
      pdf(),
    );
    expect(sent.statusCode, sent.body).toBeLessThan(300);
  }
  await decide(id, [
    ['start-review', 1],
    ['approve', 2],
  ]);
  return id;
}

const renewalOf = async (user: TestUser) => {
  const response = await call(user, 'GET', '/api/ProviderRecord/renewal');
  expect(response.statusCode).toBe(200);
  return response.json<MyRenewal>().renewal;
};
const found = async (businessName: string) => {
  const response = await call(undefined, 'POST', '/api/Providers', {
    providerBusinessName: businessName,
    providerTypeId: null,
  });
  return response.json<ProviderSearchResponse>().value.some((listing) => listing.BusinessName === businessName);
};
const draftOf = async (user: TestUser, id: number) => {
  const drafts = await call(user, 'POST', '/api/Application/get-my-draft-applications', {});
  const draft = drafts.json<DraftRecord[]>().find((candidate) => candidate.id === id)!;
  return { ...draft, application: JSON.parse(draft.applicationJson) as DraftApplication };
};
const signed = (application: DraftApplication): DraftApplication => ({
  ...application,
  w9Info: { ...application.w9Info, certified: true },
  adults: { members: application.adults?.members ?? [], recordCheckConsent: true },
  // Signed on the signer's own day: the form's rule reads the machine's day, not the program's.
  conditions: {
    accepted: true,
    listInDirectory: true,
    signature: { fullName: 'Maria Lopez', signedOn: new Date().toISOString().slice(0, 10) },
  },
});

beforeAll(async () => {
  runtime = await createRuntimeTestDatabase();
  ctx = await createTestApp({}, undefined, { database: runtime.runtime, clock });
  provider = await createUser(ctx, 'Renewing Provider');
  second = await createUser(ctx, 'Second Provider');
  stranger = await createUser(ctx, 'Stranger');
  storyWorker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  polkWorker = await createUser(ctx, 'Polk Worker', 'service-worker', ['Polk']);
});
afterAll(async () => {
  await ctx?.close();
  await runtime?.close();
});

describe('renewal', () => {
  let recordId: number;
  let endsOn: string;
  let draftId: number;
  let renewalId: number;

  it('opens 90 days before the last day, prefilled from the record without attestations', async () => {
    recordId = await approved(provider, 'Renewal Home');
    endsOn = plusMonths('2026-03-10', 24);
    const early = await call(provider, 'POST', '/api/ProviderRecord/renewal');
    expect(early.statusCode).toBe(409);
    expect(early.json<{ detail: string }>().detail).toContain('2027-12-11');

    setDay('2028-02-09'); // 30 days before 2028-03-10
    const state = (await renewalOf(provider))!;
    expect(state).toMatchObject({ recordApplicationId: recordId, endsOn, daysLeft: 30, canRenew: true, draftId: null });
    expect(state.answeredOn.adults).toBe('2026-03-10');
    expect(state.documentsOnFile.length).toBeGreaterThan(3);

    const started = await call(provider, 'POST', '/api/ProviderRecord/renewal');
    expect(started.statusCode).toBe(201);
    draftId = started.json<{ draftId: number }>().draftId;
    const again = await call(provider, 'POST', '/api/ProviderRecord/renewal');
    expect(again.statusCode).toBe(200);
    expect(again.json<{ draftId: number }>().draftId).toBe(draftId);
    expect((await renewalOf(provider))!.draftId).toBe(draftId);

    const { application } = await draftOf(provider, draftId);
    // Sealed answers round-trip: the owner reads them in clear, the row holds none of them.
    expect(application.w9Info?.tin).toBe('123-45-6789');
    expect(application.providerInfo?.dateOfBirth).toBe(completeApplication().providerInfo?.dateOfBirth);
    const row = await ctx.database.db
      .selectFrom('draft_application')
      .select(['application_json', 'record_id'])
      .where('id', '=', draftId)
      .executeTakeFirstOrThrow();
    expect(row.application_json).not.toContain('123-45-6789');
    expect(Number(row.record_id)).toBeGreaterThan(0);
    // Signatures and attestations are never prefilled.
    expect(application.conditions).toBeUndefined();
    expect(application.w9Info?.certified).toBeUndefined();
    expect(application.adults?.recordCheckConsent).toBeUndefined();
    expect(application.providerInfo?.businessName).toBe('Renewal Home');
  });

  it('nobody else renews the record; another provider has none to renew', async () => {
    expect((await call(stranger, 'POST', '/api/ProviderRecord/renewal')).statusCode).toBe(404);
    expect(await renewalOf(stranger)).toBeNull();
    // The draft is the provider's: another user cannot submit it.
    const { application } = await draftOf(provider, draftId);
    const theft = await call(stranger, 'POST', '/api/Application', {
      draftApplicationId: draftId,
      applicationJson: JSON.stringify(signed(application)),
    });
    expect(theft.statusCode).toBe(404);
  });

  it('asks only for the documents the changed answers need; the others are carried over', async () => {
    const { application } = await draftOf(provider, draftId);
    const unchanged = await call(provider, 'POST', '/api/ProviderRecord/renewal/documents', {
      applicationJson: JSON.stringify(signed(application)),
    });
    expect(unchanged.json()).toEqual([]);

    const withNewAdult = signed({
      ...application,
      adults: {
        members: [
          ...(application.adults?.members ?? []),
          { firstName: 'Eva', lastName: 'Ruiz', dateOfBirth: '1980-04-02', relationshipCode: 'other' },
        ],
      },
    });
    const asked = await call(provider, 'POST', '/api/ProviderRecord/renewal/documents', {
      applicationJson: JSON.stringify(withNewAdult),
    });
    const names = asked.json<{ documentName: string; reason: string }[]>();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((document) => document.documentName.includes('Eva Ruiz') && document.reason === 'new')).toBe(
      true,
    );

    const submitted = await call(provider, 'POST', '/api/Application', {
      draftApplicationId: draftId,
      applicationJson: JSON.stringify(withNewAdult),
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    renewalId = submitted.json<{ applicationId: number }>().applicationId;
    const documents = await documentsOf(ctx, provider, renewalId);
    expect(documents.map((document) => document.documentName).sort()).toEqual(
      names.map((document) => document.documentName).sort(),
    );
    const row = await ctx.database.db
      .selectFrom('application')
      .select(['kind', 'record_id'])
      .where('id', '=', renewalId)
      .executeTakeFirstOrThrow();
    expect(row.kind).toBe('renewal');

    const state = (await renewalOf(provider))!;
    expect(state).toMatchObject({
      canRenew: false,
      draftId: null,
      sent: { applicationId: renewalId, sentOn: '2028-02-09' },
    });
    expect((await call(provider, 'POST', '/api/ProviderRecord/renewal')).statusCode).toBe(409);
  });

  it('is in the queue as a renewal for the county’s workers only, with the end date and days left', async () => {
    const story = await call(storyWorker, 'GET', '/api/Staff/renewals?sort=endsOn&order=desc');
    expect(story.statusCode).toBe(200);
    expect(story.json<StaffRenewalQueue>().items).toEqual([
      expect.objectContaining({ applicationId: renewalId, recordApplicationId: recordId, endsOn, daysLeft: 30 }),
    ]);
    const polk = await call(polkWorker, 'GET', '/api/Staff/renewals');
    expect(polk.json<StaffRenewalQueue>().items).toEqual([]);
    expect((await call(polkWorker, 'GET', `/api/Staff/applications/${renewalId}`)).statusCode).toBe(404);
    expect((await call(storyWorker, 'GET', '/api/Staff/renewals?sort=nope')).statusCode).toBe(400);
  });

  it('is not in the application queue, its count, its export or its bulk selection: only new applications are', async () => {
    const queue = await call(storyWorker, 'GET', '/api/Staff/applications?pageSize=100');
    expect(queue.statusCode).toBe(200);
    const { items, total } = queue.json<StaffQueueResponse>();
    const ids = items.map((item) => item.applicationId);
    expect(ids).toContain(recordId);
    expect(ids).not.toContain(renewalId);
    expect(total).toBe(items.length);
    // The same filters over the application queue count the same applications.
    const scope = { userId: storyWorker.id, allCounties: false, counties: ['Story'] };
    expect(await ctx.app.repositories.queue.count(scope, {})).toBe(total);
    // The application itself still opens for review.
    expect((await call(storyWorker, 'GET', `/api/Staff/applications/${renewalId}`)).statusCode).toBe(200);
  });

  it('sent before the last day, keeps the record in force past it; its reminders stop', async () => {
    setDay('2028-03-15');
    const term = await call(provider, 'GET', '/api/ProviderRecord/approval');
    expect(term.json<MyApprovalTerm>().approval).toMatchObject({ endsOn, lapsed: false, renewalSentOn: '2028-02-09' });
    expect(await found('Renewal Home')).toBe(true);
    await ctx.app.repositories.approvalNotices.sendDue();
    const notices = await ctx.database.db
      .selectFrom('provider_record_notice as n')
      .innerJoin('provider_record as r', 'r.id', 'n.record_id')
      .select('n.kind')
      .where('r.application_id', '=', recordId)
      .execute();
    expect(notices.map((notice) => notice.kind)).toEqual([]);
  });

  it('approved, extends the record from its old last day as a new version', async () => {
    await decide(renewalId, [
      ['start-review', 1],
      ['approve', 2],
    ]);
    const record = (await call(provider, 'GET', `/api/ProviderRecord/${recordId}`)).json<ProviderRecordView>();
    expect(record.approval).toMatchObject({ endsOn: plusMonths(endsOn, 24), lapsed: false, renewalSentOn: null });
    expect(record.currentVersion).toBe(2);
    expect(record.history.at(-1)).toMatchObject({
      validFrom: '2028-03-15',
      changed: expect.arrayContaining(['adults']),
    });
    expect(record.inForce?.answers.adults?.members?.some((adult) => adult.firstName === 'Eva')).toBe(true);
    expect(await found('Renewal Home')).toBe(true);
    // The renewal is open again only from 90 days before the new last day.
    expect((await renewalOf(provider))!.canRenew).toBe(false);
  });

  it('denied, leaves the record to lapse from its own last day', async () => {
    setDay('2026-03-10');
    const id = await approved(second, 'Denied Renewal Home');
    setDay('2028-03-01');
    const started = await call(second, 'POST', '/api/ProviderRecord/renewal');
    const { draftId: secondDraft } = started.json<{ draftId: number }>();
    const { application } = await draftOf(second, secondDraft);
    const sent = await call(second, 'POST', '/api/Application', {
      draftApplicationId: secondDraft,
      applicationJson: JSON.stringify(signed(application)),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const renewal = sent.json<{ applicationId: number }>().applicationId;
    setDay('2028-03-20');
    expect(await found('Denied Renewal Home')).toBe(true);
    await decide(renewal, [
      ['start-review', 1],
      ['deny', 2],
    ]);
    const record = (await call(second, 'GET', `/api/ProviderRecord/${id}`)).json<ProviderRecordView>();
    expect(record.approval).toMatchObject({ endsOn: '2028-03-10', lapsed: true });
    expect(record.currentVersion).toBe(1);
    expect(await found('Denied Renewal Home')).toBe(false);
    // Lapsed: the provider may renew again, counted from the approval day this time.
    expect((await renewalOf(second))!.canRenew).toBe(true);
  });
});
