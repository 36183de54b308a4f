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

/**
 * Lapsed: the last day has passed, and no renewal sent on or before it is still undecided (ADR
 * 117): a renewal sent in time keeps the record in force until it is decided; once denied (or
 * withdrawn) the record has lapsed from its own last day. The one place the rule is written, in
 * its two forms (`lapsedSql`). `renewalSentOn`: the day the record's undecided renewal was sent.
 */
export const isLapsed = (endsOn: string, today: string, renewalSentOn: string | null = null) =>
  endsOn < today && !(renewalSentOn !== null && renewalSentOn <= endsOn);

/** The statuses of a renewal still waiting for its decision. */
const undecided = ['submitted', 'in-review', 'information-requested'] as const;

/** The day a record's undecided renewal was sent, or null (`renewalSentOn` of the rule above). */
export const renewalSentOnSql = (recordAlias: string) =>
  sql<string | null>`(select to_char(ra.renewal_sent_on, 'YYYY-MM-DD') from application ra
    where ra.record_id = ${sql.ref(`${recordAlias}.id`)} and ra.kind = 'renewal'
    and ra.status in (${sql.join(undecided.map((status) => sql.lit(status)))}) limit 1)`;

/** The same rule on a `provider_record` row (by its alias) in a query, for `today`. */
export const lapsedSql = (recordAlias: string, today: string) =>
  sql<boolean>`(${sql.ref(`${recordAlias}.ends_on`)} < ${today}::date and not exists (
    select 1 from application ra where ra.record_id = ${sql.ref(`${recordAlias}.id`)} and ra.kind = 'renewal'
    and ra.status in (${sql.join(undecided.map((status) => sql.lit(status)))})
    and ra.renewal_sent_on <= ${sql.ref(`${recordAlias}.ends_on`)}))`;

/** A renewal of the record (alias) is sent and undecided: its end-date reminders stop. */
export const renewalPendingSql = (recordAlias: string) => sql<boolean>`(${renewalSentOnSql(recordAlias)} is not null)`;

/**
 * The new last day of a renewed approval (ADR 117): the profile's period from the old last day
 * when the record was still in force (not lapsed, by the rule above, on the day the renewal was
 * sent), else from the day of the approval: a renewal never gives back days already lapsed.
 */
export function renewedEndsOn(input: {
  endsOn: string;
  renewalSentOn: string;
  approvedOn: string;
  providerType: string;
  periods: ProgramProfile['approvalMonths'];
}): string {
  const inForce = input.renewalSentOn <= input.endsOn;
  return approvalEndsOn(inForce ? input.endsOn : input.approvedOn, input.providerType, input.periods);
}

/** What the record's answers say of its term on `today`. */
export function approvalTermOn(endsOn: string, today: string, renewalSentOn: string | null = null): ApprovalTerm {
  return {
    endsOn,
    daysLeft: dayNumber(endsOn) - dayNumber(today),
    lapsed: isLapsed(endsOn, today, renewalSentOn),
    renewalSentOn,
  };
}
