import type { ApprovalTerm, ProgramProfile } from '@ccap/contracts';
import { sql } from 'kysely';

/**
 * The approval's term (ADR 107): its last day, and the one rule saying when a record has lapsed.
 * The record's answers, the search and the reminders job all read the rule from here, in its
 * two forms (TypeScript and SQL), so that a later exception ("a renewal sent before the end date
 * keeps the record in force until it is decided") is added in this file and nowhere else.
 */

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00.000Z`) / DAY_MS;

/**
 * An ISO day moved by whole months, as PostgreSQL's `date + interval 'n months'` does: a day the
 * month does not have becomes its last (31 January + 1 month is 28 or 29 February).
 */
export function plusMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/** The last day an approval given on `approvedOn` is in force: the profile's period for its type. */
export function approvalEndsOn(
  approvedOn: string,
  providerType: string,
  periods: ProgramProfile['approvalMonths'],
): string {
  const months = providerType === 'registeredprovider' ? periods.registeredprovider : periods.unregisteredprovider;
  return plusMonths(approvedOn, months);
}

/** Lapsed: the last day has passed. The one place the rule is written (see `lapsedSql`). */
export const isLapsed = (endsOn: string, today: string) => endsOn < today;

/** The same rule on a `provider_record` row (by its alias) in a query, for `today`. */
export const lapsedSql = (recordAlias: string, today: string) =>
  sql<boolean>`(${sql.ref(`${recordAlias}.ends_on`)} < ${today}::date)`;

/** What the record's answers say of its term on `today`. */
export function approvalTermOn(endsOn: string, today: string): ApprovalTerm {
  return { endsOn, daysLeft: dayNumber(endsOn) - dayNumber(today), lapsed: isLapsed(endsOn, today) };
}
