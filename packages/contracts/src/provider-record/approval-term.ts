import { z } from 'zod';

/**
 * How long an approval lasts (ADR 107): its last day, the days left on the program's day
 * (0 on the last day, negative after it) and whether it has lapsed (the last day has passed with
 * no renewal keeping it in force).
 */
export const approvalTermSchema = z.object({
  /** The last day the approval is in force (ISO date). */
  endsOn: z.string(),
  daysLeft: z.number().int(),
  lapsed: z.boolean(),
  /** The day the record's undecided renewal was sent (ADR 117), or null when none is waiting. */
  renewalSentOn: z.string().nullable().optional(),
});
export type ApprovalTerm = z.infer<typeof approvalTermSchema>;

/** GET /api/ProviderRecord/approval: the caller's approval term, or null without an approved record. */
export const myApprovalTermSchema = z.object({ approval: approvalTermSchema.nullable() });
export type MyApprovalTerm = z.infer<typeof myApprovalTermSchema>;

/** Days before the last day (and the day itself) on which the provider is reminded. */
export const APPROVAL_REMINDER_DAYS = [90, 30, 7, 0] as const;
/** The dashboard calls attention to an approval ending within this many days. */
export const APPROVAL_ENDING_SOON_DAYS = 90;
