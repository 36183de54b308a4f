import {
  applicationSteps,
  type ChangeAnswers,
  type ChangePart,
  type DocumentRule,
  type DraftApplication,
  isMasked,
  mapProtectedFields,
  maskProtectedValue,
  plusDays,
  protectedFieldsOf,
  requiredDocumentsFor,
  stepStates,
} from '@ccap/contracts';
import { isDeepStrictEqual } from 'node:util';

/** The record's answers with the change's parts put in. */
export function withChange(record: DraftApplication, parts: readonly ChangePart[], answers: ChangeAnswers) {
  const merged: DraftApplication = { ...record };
  for (const part of parts) {
    const value = answers[part];
    if (value === undefined) delete merged[part];
    else Object.assign(merged, { [part]: value });
  }
  return merged;
}

/** Only the named parts of some answers. */
export function partsOf(answers: DraftApplication | ChangeAnswers, parts: readonly ChangePart[]): ChangeAnswers {
  return Object.fromEntries(parts.flatMap((part) => (answers[part] === undefined ? [] : [[part, answers[part]]])));
}

/**
 * What keeps a change from being sent, by the wizard's own rules: each changed part must pass its
 * step's schema, with the wizard's messages (the issues' paths name the step's fields).
 */
export function changeIssues(merged: DraftApplication, parts: readonly ChangePart[]) {
  const stepsOfParts = new Set(
    applicationSteps.filter((step) => (parts as readonly string[]).includes(step.field)).map((step) => step.id),
  );
  return stepStates(merged).flatMap((step) => {
    if (!stepsOfParts.has(step.id)) return [];
    if (step.state === 'to-do') return [{ path: step.id, message: 'validation.application.stepRequired' }];
    return step.issues;
  });
}

/** Whether the change's parts hold the same answers as the record's. */
export const changesNothing = (record: DraftApplication, merged: DraftApplication, parts: readonly ChangePart[]) =>
  parts.every((part) => isDeepStrictEqual(record[part] ?? null, merged[part] ?? null));

/** The earliest effective date allowed today: the profile's days back. */
export const earliestEffectiveDate = (today: string, pastLimitDays: number) => plusDays(today, -pastLimitDays);

/**
 * The documents the change needs that the record did not: a record check per adult or assistant
 * it adds (14 or older where the table says so), as the required-documents table names them.
 */
export function documentsNeededFor(rules: DocumentRule[], record: DraftApplication, merged: DraftApplication) {
  const had = new Set(requiredDocumentsFor(rules, record).map((spec) => `${spec.code}\u0000${spec.documentName}`));
  return requiredDocumentsFor(rules, merged).filter((spec) => !had.has(`${spec.code}\u0000${spec.documentName}`));
}

/**
 * A change's answers with each protected answer the provider left masked (as every answer shows
 * it to them) taken from the record: the date of birth of the same person (by name), the same
 * taxpayer number. A masked value that matches nothing stays masked, and the step's rules refuse it.
 */
export function keepProtectedAnswers(record: DraftApplication, answers: ChangeAnswers): ChangeAnswers {
  const kept = protectedFieldsOf(record);
  const nameOf = (person: { firstName?: string; lastName?: string } | undefined) =>
    `${person?.firstName ?? ''} ${person?.lastName ?? ''}`.trim().toLowerCase();
  return mapProtectedFields(answers, (field) => {
    if (!isMasked(field.value)) return undefined;
    if (field.kind === 'tin') {
      const tin = kept.find((candidate) => candidate.kind === 'tin');
      const type = record.w9Info?.tinType;
      return tin && maskProtectedValue('tin', tin.value, type) === field.value ? tin.value : undefined;
    }
    if (field.section === 'providerInfo') return record.providerInfo?.dateOfBirth;
    const section = field.section as 'adults' | 'children' | 'assistants';
    const name = nameOf(answers[section]?.members?.[field.index!]);
    const same = record[section]?.members?.find((member) => name !== '' && nameOf(member) === name);
    return same?.dateOfBirth;
  });
}
