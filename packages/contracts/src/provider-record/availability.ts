import { z } from 'zod';
import { todayIso } from '../days';
import { OPENING_AGE_GROUPS, OPENINGS_STALE_AFTER_DAYS } from '../provider-search-constants';

export { OPENING_AGE_GROUPS, OPENINGS_STALE_AFTER_DAYS };

/**
 * A provider's availability after approval (ADR 102): closures, temporary or permanent, and
 * openings by age group. The provider is named by the approved application's id. Messages are
 * i18n keys (the web translates them; API callers read them as stable codes).
 */
export const availabilityMessages = {
  reasonRequired: 'validation.availability.reasonRequired',
  date: 'validation.availability.date',
  startsInPast: 'validation.availability.startsInPast',
  endsBeforeStart: 'validation.availability.endsBeforeStart',
  endRequired: 'validation.availability.endRequired',
  noEndWhenPermanent: 'validation.availability.noEndWhenPermanent',
  overlap: 'validation.availability.overlap',
  alreadyClosed: 'validation.availability.alreadyClosed',
  openings: 'validation.availability.openings',
} as const;

export const CLOSURE_REASON_MAX = 500;
export const OPENINGS_MAX = 99;

export const closureKinds = ['temporary', 'permanent'] as const;
export const closureKindSchema = z.enum(closureKinds);
export type ClosureKind = z.infer<typeof closureKindSchema>;

const idSchema = z.coerce.number().int().positive().max(2_147_483_647);
export const availabilityParamsSchema = z.object({ applicationId: idSchema });
export const closureParamsSchema = z.object({ applicationId: idSchema, closureId: idSchema });

const dateSchema = z.iso.date(availabilityMessages.date);

/**
 * POST /api/ProviderRecord/{applicationId}/closures. A temporary closure runs from `startsOn`
 * to `endsOn`, both days included; a permanent one from `startsOn` on, with no end. Neither
 * starts before today (the program's day, read when the form is checked).
 */
export const closureInputSchema = z
  .object({
    kind: closureKindSchema,
    startsOn: dateSchema,
    /** The last day closed; empty or null for a permanent closure. */
    endsOn: z.preprocess((value) => (value === '' ? null : value), dateSchema.nullish()),
    reason: z
      .string()
      .trim()
      .min(1, availabilityMessages.reasonRequired)
      .max(CLOSURE_REASON_MAX, `validation.application.tooLong.${CLOSURE_REASON_MAX}`),
  })
  .superRefine((closure, ctx) => {
    if (closure.startsOn < todayIso())
      ctx.addIssue({ code: 'custom', path: ['startsOn'], message: availabilityMessages.startsInPast });
    if (closure.kind === 'temporary') {
      if (!closure.endsOn)
        ctx.addIssue({ code: 'custom', path: ['endsOn'], message: availabilityMessages.endRequired });
      else if (closure.endsOn < closure.startsOn)
        ctx.addIssue({ code: 'custom', path: ['endsOn'], message: availabilityMessages.endsBeforeStart });
    } else if (closure.endsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: availabilityMessages.noEndWhenPermanent });
    }
  });
export type ClosureInput = z.input<typeof closureInputSchema>;
export type ParsedClosureInput = z.output<typeof closureInputSchema>;

export const openingAgeGroupSchema = z.enum(OPENING_AGE_GROUPS);
export type OpeningAgeGroup = z.infer<typeof openingAgeGroupSchema>;

/** PUT /api/ProviderRecord/{applicationId}/openings: the count for each age group, each dated today. */
export const openingsInputSchema = z.object({
  openings: z
    .array(
      z.object({
        ageGroup: openingAgeGroupSchema,
        count: z.coerce
          .number(availabilityMessages.openings)
          .int(availabilityMessages.openings)
          .min(0, availabilityMessages.openings)
          .max(OPENINGS_MAX, availabilityMessages.openings),
      }),
    )
    .min(1)
    .max(OPENING_AGE_GROUPS.length)
    .refine((rows) => new Set(rows.map((row) => row.ageGroup)).size === rows.length, 'each age group once'),
});
export type OpeningsInput = z.input<typeof openingsInputSchema>;

export const closureSchema = z.object({
  closureId: z.number().int(),
  kind: closureKindSchema,
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  reason: z.string(),
  recordedAt: z.string(),
  /** When it was cancelled; null while it stands. */
  cancelledAt: z.string().nullable(),
  /** upcoming (starts after today), in-force (covers today), past (ended), cancelled. */
  state: z.enum(['upcoming', 'in-force', 'past', 'cancelled']),
});
export type Closure = z.infer<typeof closureSchema>;

export const openingSchema = z.object({
  ageGroup: openingAgeGroupSchema,
  count: z.number().int(),
  /** The day the provider last saved it (the program's day). */
  updatedOn: z.string(),
  /** Saved more than OPENINGS_STALE_AFTER_DAYS days ago: shown as "not updated recently". */
  stale: z.boolean(),
});
export type Opening = z.infer<typeof openingSchema>;

/** GET /api/ProviderRecord/{applicationId}/availability. */
export const availabilitySchema = z.object({
  applicationId: z.number().int(),
  providerName: z.string(),
  county: z.string().nullable(),
  /** Whether the approval put the provider in the public search at all. */
  listed: z.boolean(),
  /** A closure covers today: the public search leaves the provider out. */
  closedToday: z.boolean(),
  /** A permanent closure has begun: the listing has ended. */
  closedForGood: z.boolean(),
  closures: z.array(closureSchema),
  openings: z.array(openingSchema),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** GET /api/ProviderRecord/availability/mine: the signed-in user's latest approved application, if any. */
export const myAvailabilitySchema = z.object({ availability: availabilitySchema.nullable() });
export type MyAvailability = z.infer<typeof myAvailabilitySchema>;
