import { z } from 'zod';

/**
 * The answers that identify a person beyond their name: taxpayer numbers and dates of birth.
 * The API stores them encrypted and answers them masked; a member of staff who needs one reads
 * it through a reveal, which is audited (ADR 080).
 */
export type ProtectedFieldKind = 'tin' | 'dateOfBirth';

export interface ProtectedField {
  /** Where the answer is in the application: "w9Info.tin", "children.members.0.dateOfBirth". */
  path: string;
  kind: ProtectedFieldKind;
  /** The step's part of the application the answer belongs to. */
  section: 'providerInfo' | 'assistants' | 'children' | 'adults' | 'w9Info';
  /** The person's place in the step's list (assistants, children, adults), from 0. */
  index?: number;
  value: string;
}

const PEOPLE = ['assistants', 'children', 'adults'] as const;

/** A protected field's path: the only values a reveal accepts. */
export const protectedFieldPathSchema = z
  .string()
  .regex(
    /^(w9Info\.tin|providerInfo\.dateOfBirth|(assistants|children|adults)\.members\.(1?\d)\.dateOfBirth)$/,
    'Not a protected answer of an application.',
  );

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Every protected answer the application holds (a string, not empty), in the wizard's order. */
export function protectedFieldsOf(application: unknown): ProtectedField[] {
  const root = record(application) ?? {};
  const fields: ProtectedField[] = [];
  const birth = record(root.providerInfo)?.dateOfBirth;
  if (typeof birth === 'string' && birth !== '') {
    fields.push({ path: 'providerInfo.dateOfBirth', kind: 'dateOfBirth', section: 'providerInfo', value: birth });
  }
  for (const section of PEOPLE) {
    const members = record(root[section])?.members;
    if (!Array.isArray(members)) continue;
    members.forEach((member, index) => {
      const value = record(member)?.dateOfBirth;
      if (typeof value === 'string' && value !== '') {
        fields.push({ path: `${section}.members.${index}.dateOfBirth`, kind: 'dateOfBirth', section, index, value });
      }
    });
  }
  const tin = record(root.w9Info)?.tin;
  if (typeof tin === 'string' && tin !== '')
    fields.push({ path: 'w9Info.tin', kind: 'tin', section: 'w9Info', value: tin });
  return fields;
}

/**
 * A copy of the application with each protected answer replaced by `change(field)` (the
 * answer is left as it is when that gives undefined). The input is not changed.
 */
export function mapProtectedFields<T>(application: T, change: (field: ProtectedField) => string | undefined): T {
  const fields = protectedFieldsOf(application);
  if (fields.length === 0) return application;
  const copy = structuredClone(application) as Record<string, unknown>;
  for (const field of fields) {
    const next = change(field);
    if (next === undefined) continue;
    const keys = field.path.split('.');
    const last = keys.pop()!;
    let node: Record<string, unknown> | unknown[] = copy;
    for (const key of keys) node = node[key] as Record<string, unknown>;
    node[last] = next;
  }
  return copy as T;
}

/** The character masks are made of: a value holding it is a mask, not an answer. */
export const MASK = '•';

export const isMasked = (value: string | undefined): boolean => value?.includes(MASK) ?? false;

/**
 * A protected answer as every answer but the owner's own draft shows it: a taxpayer number by
 * its last four digits (•••-••-6789 for an SSN, ••-•••6789 otherwise), a date of birth not at all
 * (with a known age, the day and month alone narrow a person down to a few).
 */
export function maskProtectedValue(kind: ProtectedFieldKind, value: string, tinType?: string): string {
  if (kind === 'dateOfBirth') return '••••-••-••';
  const digits = value.replace(/\D/g, '');
  const last4 = digits.length >= 4 ? digits.slice(-4) : '••••';
  return tinType === 'ein' ? `••-•••${last4}` : `•••-••-${last4}`;
}

/** The application with every protected answer masked. */
export function maskProtectedFields<T>(application: T): T {
  const tinType = record(record(application)?.w9Info)?.tinType;
  return mapProtectedFields(application, (field) =>
    maskProtectedValue(field.kind, field.value, typeof tinType === 'string' ? tinType : undefined),
  );
}

/** POST /api/Staff/applications/{id}/reveal: one protected answer, and why it is needed. */
export const revealRequestSchema = z.object({
  field: protectedFieldPathSchema,
  reason: z
    .string()
    .trim()
    .min(10, 'Say why you need to see this value (at least 10 characters).')
    .max(500, 'The reason is too long (500 characters at most).'),
});
export type RevealRequest = z.infer<typeof revealRequestSchema>;

export const revealResponseSchema = z.object({ field: protectedFieldPathSchema, value: z.string() });
export type RevealResponse = z.infer<typeof revealResponseSchema>;
