import { createHash } from 'node:crypto';
import {
  type Problem,
  type RequiredDocument,
  type Rfi,
  type StaffAction,
  type StaffApplication,
  staffActions,
  undecidedStatuses,
} from '@ccap/contracts';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { completeApplication } from '../application-fixture';
import { pdf } from '../document-files';
import { documentsOf, filesInStore, submitApplication, uploadMultipart } from '../documents-fixture';
import { createTestApp } from '../helpers';
import { createUser, type TestUser } from '../identity';
import { rfiDocument } from '../rfi-fixture';

/**
 * What an applicant and staff do to one application at the same moment: two to five valid
 * calls sent together (decisions, assignment, RFIs asked, answered and completed, uploads and
 * downloads, waivers, documents asked for, a draft saved, submitted and deleted). Whatever
 * order the database puts them in, no call fails (no 5xx, each answer one its route may give),
 * and afterwards the portal agrees with itself: a closed application waits for no answer, the
 * store holds exactly the files the rows name, a document's file is the last one acknowledged,
 * each acknowledged decision is in the audit trail once, a draft is submitted or deleted, never
 * both. PGlite runs one transaction at a time; the PostgreSQL project is where races happen.
 */

// Raise for a longer hunt: RACE_RUNS=400 npx vitest run --project api-postgres races
// eslint-disable-next-line no-restricted-properties -- a test knob, not product configuration
const RUNS = Number(process.env.RACE_RUNS ?? 40);

const ctx = await createTestApp();
afterAll(async () => {
  await ctx.close();
});
const worker = await createUser(ctx, 'Race Worker', 'service-worker', ['Story']);

type Call =
  | { kind: 'decide'; action: StaffAction }
  | { kind: 'assign' }
  | { kind: 'ask' }
  | { kind: 'answer'; pick: number; withFile: boolean }
  | { kind: 'complete'; pick: number }
  | { kind: 'upload'; pick: number }
  | { kind: 'download'; pick: number }
  | { kind: 'waive'; pick: number }
  | { kind: 'request-document' }
  | { kind: 'save-draft' }
  | { kind: 'submit-draft' }
  | { kind: 'delete-draft' }
  | { kind: 'dashboard' };

const call: fc.Arbitrary<Call> = fc.oneof(
  fc.constantFrom(...staffActions).map((action) => ({ kind: 'decide' as const, action })),
  fc.constant({ kind: 'assign' as const }),
  fc.constant({ kind: 'ask' as const }),
  fc.record({ kind: fc.constant('answer' as const), pick: fc.nat({ max: 1 }), withFile: fc.boolean() }),
  fc.record({ kind: fc.constant('complete' as const), pick: fc.nat({ max: 1 }) }),
  fc.record({ kind: fc.constant('upload' as const), pick: fc.nat({ max: 1 }) }),
  fc.record({ kind: fc.constant('download' as const), pick: fc.nat({ max: 1 }) }),
  fc.record({ kind: fc.constant('waive' as const), pick: fc.nat({ max: 1 }) }),
  fc.constant({ kind: 'request-document' as const }),
  fc.constant({ kind: 'save-draft' as const }),
  fc.constant({ kind: 'submit-draft' as const }),
  fc.constant({ kind: 'delete-draft' as const }),
  fc.constant({ kind: 'dashboard' as const }),
);

/** The answers each call may give, whatever the calls beside it did first. */
const allowed: Record<Call['kind'], number[]> = {
  decide: [200, 409],
  assign: [200, 409],
  ask: [201, 409],
  answer: [200, 409],
  complete: [200, 409],
  upload: [200, 409],
  download: [200, 404],
  waive: [200, 409],
  'request-document': [201, 409],
  'save-draft': [200, 404, 409],
  'submit-draft': [200, 201, 404],
  'delete-draft': [204, 404],
  dashboard: [200],
};

interface Scene {
  owner: TestUser;
  applicationId: number;
  version: number;
  documents: RequiredDocument[];
  rfis: number[];
  draft: { id: number; version: number; applicationJson: string };
}

const send = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A PDF no other upload in the run has, so the stored file tells which upload won. */
const uniquePdf = (tag: string) => Buffer.concat([pdf(), Buffer.from(`\n% ${tag}\n`)]);

/** The answers a call may give here: a download of a document that has a file always gets one. */
function allowedFor(scene: Scene, what: Call) {
  if (what.kind === 'download' && documentOf(scene, what.pick).file) return [200];
  return allowed[what.kind];
}

const documentOf = (scene: Scene, pick: number) => scene.documents[pick % scene.documents.length]!;

/**
 * A submitted application with a file on its first document and one RFI (pending, so the
 * application waits for information, or completed, so it is in review), and a draft.
 */
async function setScene(rfiCompleted: boolean): Promise<Scene> {
  const owner = await createUser(ctx, 'Race Owner');
  const applicationId = await submitApplication(ctx, owner);
  const documents = await documentsOf(ctx, owner, applicationId);
  // One file already there, so uploads replace it while downloads read it.
  const first = documents[0]!;
  const uploaded = await uploadMultipart(ctx, owner, { applicationId, documentId: first.documentId }, 'a.pdf', pdf());
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  const asked = await send(worker, 'POST', '/api/rfi/CreateRfi', {
    applicationId,
    serviceWorkerComment: 'Please send the lease.',
  });
  expect(asked.statusCode, asked.body).toBe(201);
  if (rfiCompleted) {
    const completed = await send(worker, 'POST', '/api/rfi/CompleteRfi', {
      rfiId: asked.json<{ rfiId: number }>().rfiId,
    });
    expect(completed.statusCode, completed.body).toBe(200);
  }
  const review = (await send(worker, 'GET', `/api/Staff/applications/${applicationId}`)).json<StaffApplication>();
  const applicationJson = JSON.stringify(completeApplication('unregisteredprovider'));
  const saved = await send(owner, 'POST', '/api/Application/save-my-draft-applications', { applicationJson });
  expect(saved.statusCode, saved.body).toBe(200);
  const draft = saved.json<{ id: number; version: number }>();
  return {
    owner,
    applicationId,
    version: review.version,
    documents: await documentsOf(ctx, owner, applicationId),
    rfis: [asked.json<{ rfiId: number }>().rfiId],
    draft: { id: draft.id, version: draft.version, applicationJson },
  };
}

function perform(scene: Scene, what: Call, index: number) {
  const { owner, applicationId } = scene;
  const documentId = 'pick' in what ? documentOf(scene, what.pick).documentId : 0;
  const rfiId = 'pick' in what ? scene.rfis[what.pick % scene.rfis.length]! : 0;
  const staff = `/api/Staff/applications/${applicationId}`;
  switch (what.kind) {
    case 'decide':
      return send(worker, 'POST', `${staff}/status`, {
        action: what.action,
        version: scene.version,
        reason: 'Checked against the program rules.',
      });
    case 'assign':
      return send(worker, 'POST', `${staff}/assign`, { assignee: 'me', version: scene.version });
    case 'ask':
      return send(worker, 'POST', '/api/rfi/CreateRfi', { applicationId, serviceWorkerComment: 'One more thing.' });
    case 'answer':
      return send(owner, 'POST', '/api/rfi/RespondRfi', {
        rfiId,
        applicantComment: 'Here it is.',
        ...(what.withFile ? { document: rfiDocument('lease.pdf', uniquePdf(`rfi ${index}`)) } : {}),
      });
    case 'complete':
      return send(worker, 'POST', '/api/rfi/CompleteRfi', { rfiId });
    case 'upload':
      return uploadMultipart(
        ctx,
        owner,
        { applicationId, documentId },
        `scan-${index}.pdf`,
        uniquePdf(`upload ${index}`),
      );
    case 'download':
      return send(worker, 'GET', `/api/Application/${applicationId}/documents/${documentId}/file`);
    case 'waive':
      return send(worker, 'POST', `${staff}/documents/${documentId}/waive`, { reason: 'Seen at the home visit.' });
    case 'request-document':
      return send(worker, 'POST', `${staff}/documents`, {
        documentName: 'Fire inspection report',
        description: 'The latest report from the fire marshal.',
      });
    case 'save-draft':
      return send(owner, 'POST', '/api/Application/save-my-draft-applications', scene.draft);
    case 'submit-draft':
      return send(owner, 'POST', '/api/Application/save-unregistered-provider', {
        draftApplicationId: scene.draft.id,
        applicationJson: scene.draft.applicationJson,
      });
    case 'delete-draft':
      return send(owner, 'DELETE', `/api/Application/get-my-draft-applications?query=${scene.draft.id}`);
    case 'dashboard':
      return send(owner, 'GET', '/api/Dashboard/get-dashboard');
  }
}

/** Every file in the store is named by exactly one row, and every row's file is there. */
async function expectStoreMatchesRows(step: string) {
  const db = ctx.database.db;
  const named = [
    ...(await db.selectFrom('application_document').select('blob_key').where('blob_key', 'is not', null).execute()),
    ...(await db.selectFrom('rfi_document').select('blob_key').execute()),
  ].map((row) => row.blob_key!);
  const stored = (await filesInStore(ctx)).filter((key) => !key.startsWith('.'));
  expect(stored, `${step}: files in the store`).toEqual([...named].sort());
}

it(
  'calls sent at the same moment on one application all get an answer and leave the portal consistent',
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(call, { minLength: 2, maxLength: 5 }), fc.boolean(), async (calls, rfiCompleted) => {
        const scene = await setScene(rfiCompleted);
        const responses = await Promise.all(calls.map((what, index) => perform(scene, what, index)));
        const step = calls.map((what, index) => `${JSON.stringify(what)} → ${responses[index]!.statusCode}`).join(', ');

        for (const [index, response] of responses.entries()) {
          const what = calls[index]!;
          const answer = `${step}\n${what.kind}: ${response.body.slice(0, 300)}`;
          expect(allowedFor(scene, what), answer).toContain(response.statusCode);
          if (response.statusCode >= 400) {
            expect(response.headers['content-type'], answer).toMatch(/^application\/problem\+json/);
            expect(response.json<Problem>().status, answer).toBe(response.statusCode);
          }
        }
        const succeeded = (kind: Call['kind']) =>
          calls.flatMap((what, index) =>
            what.kind === kind && responses[index]!.statusCode < 300 ? [{ what, response: responses[index]! }] : [],
          );

        // A closed application waits for no answer (ADR 049), whatever came in beside its decision.
        const review = (
          await send(worker, 'GET', `/api/Staff/applications/${scene.applicationId}`)
        ).json<StaffApplication>();
        const rfis = (await send(scene.owner, 'GET', `/api/Rfi/${scene.applicationId}`)).json<Rfi[]>();
        if (!(undecidedStatuses as readonly string[]).includes(review.status)) {
          expect(
            rfis.filter((rfi) => rfi.status === 'pending'),
            `${step}: a ${review.status} application waits for nothing`,
          ).toEqual([]);
        }

        // Each acknowledged decision is in the audit trail once, and only those.
        const audited = await ctx.database.db
          .selectFrom('audit_log')
          .select('action')
          .where('entity_type', '=', 'application')
          .where('entity_id', '=', String(scene.applicationId))
          .where(
            'action',
            'in',
            staffActions.map((action) => `application.${action}`),
          )
          .execute();
        expect(audited.length, `${step}: decisions audited`).toBe(succeeded('decide').length);

        // A document's file is the last upload acknowledged for it (or the one it had).
        const documents = await documentsOf(ctx, scene.owner, scene.applicationId);
        for (const document of documents) {
          const uploads = succeeded('upload').filter(
            ({ what }) => 'pick' in what && documentOf(scene, what.pick).documentId === document.documentId,
          );
          if (uploads.length === 0) continue;
          const acknowledged = uploads.map(({ response }) => response.json<RequiredDocument>().file?.sha256);
          expect(acknowledged, `${step}: document ${document.documentId}'s file`).toContain(document.file?.sha256);
          // ... and the one whose upload was recorded last.
          const last = await ctx.database.db
            .selectFrom('audit_log')
            .select('after')
            .where('entity_type', '=', 'application_document')
            .where('entity_id', '=', String(document.documentId))
            .where('action', '=', 'document.uploaded')
            .orderBy('id', 'desc')
            .executeTakeFirstOrThrow();
          expect(last.after?.sha256, `${step}: document ${document.documentId}'s last recorded upload`).toBe(
            document.file?.sha256,
          );
        }
        // A download gets the whole of one file the document had.
        for (const { response } of succeeded('download')) {
          const known = [
            ...scene.documents.map((document) => document.file?.sha256),
            ...succeeded('upload').map((upload) => upload.response.json<RequiredDocument>().file?.sha256),
          ];
          expect(known, `${step}: a download`).toContain(sha256(response.rawPayload));
        }

        // The draft is submitted or deleted (or still a draft), never both.
        const submitted = await ctx.database.db
          .selectFrom('application')
          .select('id')
          .where('owner_id', '=', scene.owner.id)
          .where('draft_id', '=', scene.draft.id)
          .execute();
        const drafts = await ctx.database.db
          .selectFrom('draft_application')
          .select('id')
          .where('id', '=', scene.draft.id)
          .execute();
        expect(submitted.length + drafts.length, `${step}: the draft lives on once`).toBeLessThanOrEqual(1);
        if (succeeded('submit-draft').length > 0) expect(submitted.length, `${step}: submitted`).toBe(1);
        if (succeeded('delete-draft').length > 0) expect(submitted.length, `${step}: deleted`).toBe(0);

        await expectStoreMatchesRows(step);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  },
  Math.max(60_000, RUNS * 4_000),
);
