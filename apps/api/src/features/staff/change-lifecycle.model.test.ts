import {
  changeProblemTypes,
  type ChangeStatus,
  plusDays,
  type Problem,
  type ProviderChange,
  type ProviderRecordView,
  type StaffChangeQueue,
} from '@ccap/contracts';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { completeApplication } from '../../../test/application-fixture';
import { submitApplication } from '../../../test/documents-fixture';
import { createTestApp } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';

/**
 * A reported change's life (ADR 101) against a model of it, as lifecycle.model.test.ts does for
 * applications: random sequences of drafts, sending, withdrawal, staff decisions on the version
 * they saw or a stale one, approvals over a record changed since (conflict), and the job that
 * applies changes whose day has come. After each step every change is read back from the
 * provider's side, the staff queue and the record, and compared with the model.
 */

// eslint-disable-next-line no-restricted-properties -- a test knob, not product configuration
const RUNS = Number(process.env.LIFECYCLE_RUNS ?? 12);

const ctx = await createTestApp();
afterAll(async () => {
  await ctx.close();
});
const worker = await createUser(ctx, 'Change Lifecycle Worker', 'service-worker', ['Story']);
const today = () => ctx.app.repositories.providerRecords.today();

interface ModelChange {
  id: number;
  status: ChangeStatus;
  version: number;
  basedOn: number;
  effectiveDate: string;
}
interface Model {
  recordVersion: number;
  changes: ModelChange[];
  /** Each draft gets new answers, so that none changes nothing. */
  drafted: number;
}
interface Real {
  owner: TestUser;
  applicationId: number;
}

const send = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

const stillToApply = (status: ChangeStatus) => status === 'submitted' || status === 'approved';
const settled = (status: ChangeStatus) => status === 'applied' || status === 'denied' || status === 'withdrawn';

async function expectState(model: Model, real: Real, step: string) {
  const record = await send(real.owner, 'GET', `/api/ProviderRecord/${real.applicationId}`);
  expect(record.json<ProviderRecordView>().currentVersion, `${step}: record version`).toBe(model.recordVersion);
  for (const change of model.changes) {
    const seen = (await send(real.owner, 'GET', `/api/ProviderRecord/changes/${change.id}`)).json<ProviderChange>();
    expect(
      { status: seen.status, version: seen.version, conflict: seen.conflict },
      `${step}: change ${change.id}`,
    ).toEqual({
      status: change.status,
      version: change.version,
      conflict: !settled(change.status) && change.basedOn !== model.recordVersion,
    });
  }
  const queue = (await send(worker, 'GET', '/api/Staff/changes?sort=changeId&pageSize=100')).json<StaffChangeQueue>();
  const mine = queue.items.filter((item) => item.applicationId === real.applicationId);
  expect(
    mine.map((item) => [item.changeId, item.status, item.conflict]),
    `${step}: the staff queue`,
  ).toEqual(
    model.changes
      .filter((change) => change.status !== 'draft')
      .map((change) => [
        change.id,
        change.status,
        stillToApply(change.status) && change.basedOn !== model.recordVersion,
      ]),
  );
}

/**
 * A change picked by a generated number: for an even number one in a status the step expects
 * (when there is one), so that long lives are reached; for an odd one any, wrong ones included.
 */
const changeAt = (model: Readonly<Model>, pick: number, expected: readonly ChangeStatus[]) => {
  const fitting = model.changes.filter((change) => expected.includes(change.status));
  const from = pick % 2 === 0 && fitting.length > 0 ? fitting : model.changes;
  return from[Math.floor(pick / 2) % from.length]!;
};

/** Applies a change in the model: the record's next version. */
function applied(model: Model, change: ModelChange) {
  model.recordVersion += 1;
  change.status = 'applied';
  change.basedOn = model.recordVersion - 1;
}

class Draft implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly part: 'address' | 'ratesInfo',
    private readonly daysAhead: number,
  ) {}
  check = (model: Readonly<Model>) => model.changes.length < 6;
  async run(model: Model, real: Real) {
    model.drafted += 1;
    const base = completeApplication();
    const answers =
      this.part === 'address'
        ? {
            address: {
              ...base.address,
              careLocation: { ...base.address!.careLocation, address1: `${model.drafted} Elm Street` },
            },
          }
        : {
            ratesInfo: {
              ...base.ratesInfo,
              rates: { ...base.ratesInfo!.rates, preschool: { basic: (1000 + model.drafted) / 100, specialNeeds: 20 } },
            },
          };
    const effectiveDate = plusDays(today(), this.daysAhead);
    const response = await send(real.owner, 'POST', `/api/ProviderRecord/${real.applicationId}/changes`, {
      parts: [this.part],
      answers,
      effectiveDate,
    });
    const step = `${this.toString()} → ${response.statusCode} ${response.body.slice(0, 200)}`;
    expect(response.statusCode, step).toBe(201);
    model.changes.push({
      id: response.json<ProviderChange>().changeId,
      status: 'draft',
      version: 1,
      basedOn: model.recordVersion,
      effectiveDate,
    });
    await expectState(model, real, step);
  }
  toString = () => `draft ${this.part} +${this.daysAhead}d`;
}

class Submit implements fc.AsyncCommand<Model, Real> {
  constructor(private readonly pick: number) {}
  check = (model: Readonly<Model>) => model.changes.length > 0;
  async run(model: Model, real: Real) {
    const change = changeAt(model, this.pick, ['draft']);
    const response = await send(real.owner, 'POST', `/api/ProviderRecord/changes/${change.id}/submit`, {
      version: change.version,
    });
    const step = `submit ${change.id} from ${change.status} → ${response.statusCode} ${response.body.slice(0, 200)}`;
    if (change.status === 'draft') {
      expect(response.statusCode, step).toBe(200);
      change.status = 'submitted';
      change.version += 1;
    } else {
      expect(response.statusCode, step).toBe(409);
    }
    await expectState(model, real, step);
  }
  toString = () => `submit #${this.pick}`;
}

class Withdraw implements fc.AsyncCommand<Model, Real> {
  constructor(private readonly pick: number) {}
  check = (model: Readonly<Model>) => model.changes.length > 0;
  async run(model: Model, real: Real) {
    const change = changeAt(model, this.pick, ['draft', 'submitted']);
    const response = await send(real.owner, 'POST', `/api/ProviderRecord/changes/${change.id}/withdraw`, {
      version: change.version,
    });
    const step = `withdraw ${change.id} from ${change.status} → ${response.statusCode}`;
    if (change.status === 'draft' || change.status === 'submitted') {
      expect(response.statusCode, step).toBe(200);
      change.status = 'withdrawn';
      change.version += 1;
    } else {
      expect(response.statusCode, step).toBe(409);
    }
    await expectState(model, real, step);
  }
  toString = () => `withdraw #${this.pick}`;
}

class Decide implements fc.AsyncCommand<Model, Real> {
  constructor(
    private readonly pick: number,
    private readonly action: 'approve' | 'deny',
    private readonly stale: boolean,
    private readonly over: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.changes.length > 0;
  async run(model: Model, real: Real) {
    const change = changeAt(model, this.pick, ['submitted']);
    const response = await send(worker, 'POST', `/api/Staff/changes/${change.id}/decision`, {
      action: this.action,
      version: this.stale ? change.version + 1 : change.version,
      reason: 'Checked against the program rules.',
      ...(this.over ? { overVersion: model.recordVersion } : {}),
    });
    const step = `${this.toString()} on ${change.id} (${change.status}, v${change.version}, based on ${change.basedOn}, record ${model.recordVersion}) → ${response.statusCode} ${response.body.slice(0, 200)}`;
    if (change.status === 'draft') {
      // A draft is its provider's: staff are told it does not exist.
      expect(response.statusCode, step).toBe(404);
    } else if (this.stale) {
      expect(response.statusCode, step).toBe(409);
      expect(response.json<Problem>().type, step).toBe(changeProblemTypes.versionConflict);
    } else if (change.status !== 'submitted') {
      expect(response.statusCode, step).toBe(409);
    } else if (this.action === 'deny') {
      expect(response.statusCode, step).toBe(200);
      change.status = 'denied';
      change.version += 1;
    } else if (!this.over && change.basedOn !== model.recordVersion) {
      // Another change was applied first: approved only over the version now current.
      expect(response.statusCode, step).toBe(409);
      expect(response.json<Problem>().type, step).toBe(changeProblemTypes.conflict);
    } else {
      expect(response.statusCode, step).toBe(200);
      change.basedOn = model.recordVersion;
      change.version += 1;
      change.status = 'approved';
      if (change.effectiveDate <= today()) {
        applied(model, change);
        change.version += 1;
      }
    }
    await expectState(model, real, step);
  }
  toString = () =>
    `${this.stale ? 'stale ' : ''}${this.action}${this.over ? ' over the current version' : ''} #${this.pick}`;
}

/** The daily job, run as if it were a later day: approved changes whose day has come. */
class RunJob implements fc.AsyncCommand<Model, Real> {
  constructor(private readonly daysAhead: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const day = plusDays(today(), this.daysAhead);
    const result = await ctx.app.repositories.providerChanges.applyDue(day);
    const due = model.changes
      .filter((change) => change.status === 'approved' && change.effectiveDate <= day)
      .sort((a, b) => a.effectiveDate.localeCompare(b.effectiveDate) || a.id - b.id);
    let returned = 0;
    for (const change of due) {
      change.version += 1;
      if (change.basedOn === model.recordVersion) {
        applied(model, change);
      } else {
        change.status = 'submitted';
        returned += 1;
      }
    }
    // Other providers' changes may be due too: only this record's are counted here.
    const step = `the job on ${day} → ${JSON.stringify(result)}`;
    expect(result.returned, step).toBeGreaterThanOrEqual(returned);
    await expectState(model, real, step);
  }
  toString = () => `job +${this.daysAhead}d`;
}

const commands = [
  fc
    .tuple(fc.constantFrom('address' as const, 'ratesInfo' as const), fc.constantFrom(0, 0, 2, 4))
    .map(([part, days]) => new Draft(part, days)),
  fc.nat().map((pick) => new Submit(pick)),
  fc.nat().map((pick) => new Withdraw(pick)),
  fc
    .tuple(fc.nat(), fc.constantFrom('approve' as const, 'deny' as const), fc.boolean(), fc.boolean())
    .map(([pick, action, stale, over]) => new Decide(pick, action, stale, over)),
  fc.constantFrom(1, 3, 5).map((days) => new RunJob(days)),
];

/** A new provider with an approved application: its record at version 1, no change yet. */
async function approvedRecord() {
  const owner = await createUser(ctx, 'Change Lifecycle Owner');
  const applicationId = await submitApplication(ctx, owner, completeApplication());
  for (const [action, version] of [
    ['start-review', 1],
    ['approve', 2],
  ] as const) {
    const response = await send(worker, 'POST', `/api/Staff/applications/${applicationId}/status`, {
      action,
      version,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
  const model: Model = { recordVersion: 1, changes: [], drafted: 0 };
  return { model, real: { owner, applicationId } };
}

it('a future approval overtaken by another change goes back to staff, then applies over it by the job', async () => {
  const setup = await approvedRecord();
  await fc.asyncModelRun(
    () => setup,
    [
      new Draft('ratesInfo', 2),
      new Draft('address', 0),
      new Submit(0),
      new Submit(0),
      // The rates wait for their day; the address applies at once: the rates are now in conflict.
      new Decide(0, 'approve', false, false),
      new Decide(0, 'approve', false, false),
      new RunJob(3),
      new Decide(0, 'approve', false, false),
      new Decide(0, 'approve', false, true),
      new RunJob(3),
    ],
  );
  expect(setup.model.recordVersion).toBe(3);
  expect(setup.model.changes.map((change) => change.status)).toEqual(['applied', 'applied']);
});

it(
  'every sequence of drafts, sending, withdrawals, decisions and the job keeps each change and the record consistent',
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 16 }), async (sequence) => {
        const setup = await approvedRecord();
        await fc.asyncModelRun(() => setup, sequence);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  },
  Math.max(120_000, RUNS * 10_000),
);
