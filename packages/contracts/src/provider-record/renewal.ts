import { z } from 'zod';
import { personCheckFields, providerCredentialFields } from '../application/credential-answers';
import type { DraftApplication } from '../application/draft-application';
import { type CredentialRules, credentialOfDocument, credentialStates } from '../credentials/credential-states';
import { type DocumentRule, type RequiredDocumentSpec, requiredDocumentsFor } from '../documents/required-documents';
import { recordPartSchema } from './provider-record';
import { queuePagingShape } from '../staff/staff';

/**
 * Renewal (ADR 117): the provider renews their record by an application of kind `renewal`,
 * prefilled from the record's current version. From this many days before the approval's last
 * day, and after it has lapsed, the provider may renew.
 */
export const RENEWAL_WINDOW_DAYS = 90;

/** May the provider renew, `daysLeft` days before the last day (negative: after it)? */
export const canRenewWith = (daysLeft: number) => daysLeft <= RENEWAL_WINDOW_DAYS;

/**
 * The record's answers as a renewal draft starts from them: every answer but the attestations
 * and signatures, which the provider gives again (the conditions and their signature, the W-9
 * certification, the consent to record checks).
 */
export function renewalPrefill(answers: DraftApplication): DraftApplication {
  const { conditions: _conditions, draftApplicationId: _draftId, ...rest } = answers;
  const prefill: DraftApplication = { ...rest };
  if (rest.w9Info) {
    const { certified: _certified, ...w9Info } = rest.w9Info;
    prefill.w9Info = w9Info;
  }
  if (rest.adults) {
    const { recordCheckConsent: _consent, ...adults } = rest.adults;
    prefill.adults = adults;
  }
  return prefill;
}

/** A document on file with the record: its code and name (one per person for per-person rules). */
export interface DocumentOnFile {
  code: string;
  documentName: string;
}

/** Why a renewal asks for a document again. */
export type RenewalDocumentReason = 'new' | 'changed' | 'expired';
export type RenewalDocument = RequiredDocumentSpec & { reason: RenewalDocumentReason };

/**
 * The last day a document is valid: the expiry of the credential it proves (a training's
 * certificate, a person's record check, the physical examination), read from the renewal's
 * answers under the program's credential rules (ADR 115). The one place "expired" is decided
 * for a renewal; a document that proves no credential does not expire.
 */
export const credentialExpiryOn = (
  document: RequiredDocumentSpec,
  answers: DraftApplication,
  credentials: CredentialRules | undefined,
  today: string,
): string | undefined => credentialOfDocument(credentialStates(answers, credentials, today), document)?.expiresOn;

/** Equal answers: the same JSON, whatever the order of keys (contracts run in the browser too). */
function sameAnswers(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined);
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined);
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => sameAnswers((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

type Person = { firstName?: string; lastName?: string } & Record<string, unknown>;
const nameOf = (person: Person) => `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim();

/**
 * A person's credential dates (trainings, checks, examination) are not what a per-person
 * document stands on: whether the document it proves is still good is the expiry's question
 * (`credentialExpiryOn`), and the wizard rewrites the training list (one entry per training of
 * the profile) whenever the step is saved, which would otherwise ask for every such document.
 */
const credentialAnswerKeys: ReadonlySet<string> = new Set([
  ...Object.keys(providerCredentialFields),
  ...Object.keys(personCheckFields),
]);
const withoutCredentialAnswers = (person: Person) =>
  Object.fromEntries(Object.entries(person).filter(([key]) => !credentialAnswerKeys.has(key)));

/** The answer objects a rule's document stands on in one application. */
function basisOf(rule: DocumentRule, document: RequiredDocumentSpec, answers: DraftApplication): unknown[] {
  const at = (path: string) =>
    path.split('.').reduce<unknown>((value, key) => {
      if (typeof value !== 'object' || value === null) return undefined;
      return Object.entries(value).find(([name]) => name === key)?.[1];
    }, answers);
  const paths = [...rule.when.map((condition) => condition.answer), ...(rule.basedOn ?? [])];
  const people = (rule.per ?? []).flatMap((group) =>
    group === 'provider' ? [answers.providerInfo ?? {}] : (answers[group]?.members ?? []),
  ) as Person[];
  // The person a per-person document names: their own answers stand behind it.
  const person = people.find((candidate) => {
    const name = nameOf(candidate);
    return name !== '' && document.documentName.includes(name);
  });
  return [...paths.map(at), ...(rule.per ? [person ? withoutCredentialAnswers(person) : null] : [])];
}

/**
 * The documents a renewal asks for again (ADR 117): of the documents the renewed answers need,
 * those not on file (a new adult's record check), those whose answers changed since the record's
 * version (`basedOn` and `when` answers of the rule, the person of a per-person document), and
 * those expired on `today`. Every other document on file is carried over.
 */
export function documentsToRenew(input: {
  rules: DocumentRule[];
  before: DraftApplication;
  after: DraftApplication;
  onFile: readonly DocumentOnFile[];
  today: string;
  /** The program profile's credential rules: which documents expire, and when. */
  credentials: CredentialRules | undefined;
}): RenewalDocument[] {
  const needed = requiredDocumentsFor(input.rules, input.after);
  return needed.flatMap((document): RenewalDocument[] => {
    const onFile = input.onFile.some(
      (file) => file.code === document.code && file.documentName === document.documentName,
    );
    if (!onFile) return [{ ...document, reason: 'new' }];
    const rule = input.rules.find((candidate) => candidate.code === document.code);
    if (rule && !sameAnswers(basisOf(rule, document, input.before), basisOf(rule, document, input.after))) {
      return [{ ...document, reason: 'changed' }];
    }
    const expiresOn = credentialExpiryOn(document, input.after, input.credentials, input.today);
    if (expiresOn !== undefined && expiresOn < input.today) return [{ ...document, reason: 'expired' }];
    return [];
  });
}

/** GET /api/ProviderRecord/renewal: where the caller's renewal stands. */
export const renewalStateSchema = z.object({
  /** The record renewed, by its approved application's id. */
  recordApplicationId: z.number().int().positive(),
  endsOn: z.string(),
  daysLeft: z.number().int(),
  lapsed: z.boolean(),
  /** The first day the provider may renew (RENEWAL_WINDOW_DAYS before the last day). */
  opensOn: z.string(),
  canRenew: z.boolean(),
  /** The renewal draft being filled in, if any. */
  draftId: z.number().int().positive().nullable(),
  /** The renewal sent and not decided yet, if any. */
  sent: z.object({ applicationId: z.number().int().positive(), status: z.string(), sentOn: z.string() }).nullable(),
  /** Per step (record part): the day its answers were last confirmed (approved in a version). */
  answeredOn: z.record(recordPartSchema, z.string()),
  /** The documents on file, carried over unless asked for again. */
  documentsOnFile: z.array(z.object({ code: z.string(), documentName: z.string() })),
});
export type RenewalState = z.infer<typeof renewalStateSchema>;
export const myRenewalSchema = z.object({ renewal: renewalStateSchema.nullable() });
export type MyRenewal = z.infer<typeof myRenewalSchema>;

/** POST /api/ProviderRecord/renewal: the renewal draft (made now, or the one already begun). */
export const startRenewalResponseSchema = z.object({
  draftId: z.number().int().positive(),
  providerType: z.string(),
});
export type StartRenewalResponse = z.infer<typeof startRenewalResponseSchema>;

/** POST /api/ProviderRecord/renewal/documents: the documents a renewal would ask for now. */
export const renewalDocumentsSchema = z.array(
  z.object({
    code: z.string(),
    documentName: z.string(),
    description: z.string(),
    reason: z.enum(['new', 'changed', 'expired']),
  }),
);

/** The staff queue's "renewal" kind (ADR 117): sortable columns. */
export const renewalQueueSorts = [
  'applicationId',
  'providerName',
  'county',
  'status',
  'endsOn',
  'submittedAt',
] as const;

/** GET /api/Staff/renewals: the renewals of the caller's counties, one page. */
export const staffRenewalQuerySchema = z.object({
  status: z.enum(['submitted', 'in-review', 'information-requested', 'approved', 'denied', 'withdrawn']).optional(),
  county: z.string().trim().min(1).max(100).optional(),
  /** Days left is the end date seen from today: sorting by either is the same order. */
  sort: z.enum(renewalQueueSorts).default('endsOn'),
  ...queuePagingShape,
});
export type StaffRenewalQuery = z.infer<typeof staffRenewalQuerySchema>;
export type StaffRenewalQueryInput = z.input<typeof staffRenewalQuerySchema>;

export const renewalQueueItemSchema = z.object({
  /** The renewal application, reviewed as any application is. */
  applicationId: z.number().int().positive(),
  /** The record renewed, by its approved application's id. */
  recordApplicationId: z.number().int().positive(),
  providerName: z.string(),
  county: z.string().nullable(),
  status: z.string(),
  /** The record's last day in force, and the days left until it (negative: past it). */
  endsOn: z.string(),
  daysLeft: z.number().int(),
  sentOn: z.string(),
});
export type RenewalQueueItem = z.infer<typeof renewalQueueItemSchema>;

export const staffRenewalQueueSchema = z.object({
  items: z.array(renewalQueueItemSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  counties: z.array(z.string()),
});
export type StaffRenewalQueue = z.infer<typeof staffRenewalQueueSchema>;
