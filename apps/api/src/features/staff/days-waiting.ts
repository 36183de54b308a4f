import { isStatusIn, REVIEW_TARGET_DAYS, type SubmittedStatus, undecidedStatuses } from '@ccap/contracts';

const DAY_MS = 86_400_000;

/**
 * When an application stopped waiting: its decision, or its withdrawal (migration 0019); null
 * while it waits. The queue's sort by days waiting reads the same (`waitedSort`).
 */
export const waitEndedAt = (row: { decided_at: Date | null; withdrawn_at: Date | null }): Date | null =>
  row.decided_at ?? row.withdrawn_at;

/** Whole days from submission to the end of the wait (`waitEndedAt`), or to now while it lasts. */
export function daysWaiting(submittedAt: Date, endedAt: Date | null, now = new Date()): number {
  return Math.max(0, Math.floor(((endedAt ?? now).getTime() - submittedAt.getTime()) / DAY_MS));
}

/** Undecided and past the review target (REVIEW_TARGET_DAYS) since submission. */
export function isOverdue(status: SubmittedStatus, submittedAt: Date, now = new Date()): boolean {
  return isStatusIn(undecidedStatuses, status) && daysWaiting(submittedAt, null, now) > REVIEW_TARGET_DAYS;
}
