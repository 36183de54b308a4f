import { z } from 'zod';
import { ageGroupCodes, dayCodes, providerTypeCodes, tinTypes } from './lookups';
import {
  ageOn,
  emailAddressSchema,
  isoDateSchema,
  latestTodayIso,
  messages,
  moneySchema,
  optionalText,
  pastDateSchema,
  phoneSchema,
  requiredText,
  ssnProblem,
  einSchema,
  stateSchema,
  timeSchema,
  todayIso,
  zipSchema,
} from './rules';
import { personCheckFields, providerCredentialFields } from './credential-answers';

// Ages from 441 IAC 110.1: an assistant is 14 or older, an adult in the home 18 or older. The
// children's step lists every child who lives in the home, so it takes anyone under 18 (up to 18
// with special needs): a 15-year-old is not a child in care by 110.1 (12 or younger), but lives
// in the home, and everyone over 14 there has a record check, so they must be declared somewhere.
export const ASSISTANT_MIN_AGE = 14;
export const ADULT_MIN_AGE = 18;
export const CHILD_MAX_AGE = 17;
export const CHILD_SPECIAL_NEEDS_MAX_AGE = 18;

const person = {
  firstName: requiredText(60),
  lastName: requiredText(60),
  dateOfBirth: pastDateSchema,
};

/** apply-category: which kind of provider. */
export const applyCategorySchema = z.object({
  providerTypeCode: z.enum(providerTypeCodes, messages.required),
});

const childCount = z.number().int(messages.count).min(0, messages.count).max(99, messages.count);

/**
 * category-types-v1: the category (A, B, C, C1 for homes), ages served and capacity. The counts by
 * age, a second provider, the children eligible for assistance and the quality rating (QRS) are
 * asked where the program's rules ask for them (program-rules.ts): optional here, so a draft saved
 * before they were asked still reads, and required by those rules where they apply.
 */
export const categoryTypesSchema = z.object({
  categoryCode: z.string().min(1, messages.required).max(40),
  agesServed: z.array(z.enum(ageGroupCodes)).min(1, messages.required),
  capacity: z.number().int(messages.capacity).min(1, messages.capacity).max(16, messages.capacity),
  preschoolChildren: childCount.optional(),
  childrenUpTo24Months: childCount.optional(),
  childrenUpTo12Months: childCount.optional(),
  schoolAgeChildren: childCount.optional(),
  secondProviderPresent: z.boolean().optional(),
  eligibleChildren: childCount.optional(),
  qualityRating: z.string().min(1, messages.required).max(40).optional(),
});

/** provider-information: the provider as a person, and the business. */
export const providerInfoSchema = z.object({
  ...person,
  phone: phoneSchema,
  email: emailAddressSchema,
  businessName: optionalText(120),
  languageCodes: z.array(z.string().min(1).max(20)).max(20).default([]),
  ...providerCredentialFields,
});

const addressSchema = z.object({
  address1: requiredText(120),
  address2: optionalText(120),
  city: requiredText(60),
  state: stateSchema,
  zipCode: zipSchema,
});

/** address-form: where care happens, where mail goes, and the county. */
export const addressStepSchema = z
  .object({
    careLocation: addressSchema,
    mailingSameAsCare: z.boolean(),
    mailing: addressSchema.optional(),
    county: requiredText(60),
  })
  .refine((value) => value.mailingSameAsCare || value.mailing !== undefined, {
    message: messages.required,
    path: ['mailing'],
  });

const withAge = <T extends z.ZodObject<{ dateOfBirth: typeof pastDateSchema }>>(
  schema: T,
  check: (age: number, value: z.infer<T>) => boolean,
  message: string,
) =>
  schema.refine((value) => check(ageOn(value.dateOfBirth, todayIso()), value), {
    message,
    path: ['dateOfBirth'],
  });

export const assistantSchema = withAge(
  z.object({
    ...person,
    phone: phoneSchema.optional(),
    email: emailAddressSchema.optional(),
    ...personCheckFields,
  }),
  (age) => age >= ASSISTANT_MIN_AGE,
  messages.assistantAge,
);

export const childSchema = withAge(
  z.object({
    ...person,
    relationshipCode: z.string().min(1, messages.required),
    specialNeeds: z.boolean().default(false),
  }),
  (age, child) => age <= (child.specialNeeds ? CHILD_SPECIAL_NEEDS_MAX_AGE : CHILD_MAX_AGE),
  messages.childAge,
);

export const adultSchema = withAge(
  z.object({ ...person, relationshipCode: z.string().min(1, messages.required), ...personCheckFields }),
  (age) => age >= ADULT_MIN_AGE,
  messages.adultAge,
);

/** assistant-form: assistants who help with care (optional step; none is a valid answer). */
export const assistantsStepSchema = z.object({ members: z.array(assistantSchema).max(20) });
/** child-form: the children living in the home (none is a valid answer). */
export const childrenStepSchema = z.object({ members: z.array(childSchema).max(20) });
/** adult-form: the adults living in the home, and consent to their record checks. */
export const adultsStepSchema = z.object({
  members: z.array(adultSchema).max(20),
  recordCheckConsent: z.literal(true, messages.mustAccept),
});

/** w9-info-form: the IRS W-9 facts; the TIN pattern follows its type. */
export const w9InfoSchema = z
  .object({
    legalName: requiredText(120),
    businessName: optionalText(120),
    taxClassificationCode: z.string().min(1, messages.required),
    tinType: z.enum(tinTypes, messages.required),
    tin: z.string().trim().min(1, messages.required),
    address: addressSchema,
    certified: z.literal(true, messages.mustAccept),
  })
  .superRefine(
    (value, context) => {
      const problem =
        value.tinType === 'ssn'
          ? ssnProblem(value.tin)
          : einSchema.safeParse(value.tin).success
            ? undefined
            : messages.ein;
      if (problem) context.addIssue({ code: 'custom', path: ['tin'], message: problem });
    },
    // Checked as soon as the number and its type are given, whatever else is still missing:
    // the person learns what is wrong with the number while typing it, not at the end.
    { when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'tin' || issue.path?.[0] === 'tinType') },
  );

const rateSchema = z.object({ basic: moneySchema, specialNeeds: moneySchema });

/**
 * rates-info-form: rates per half-day unit by age group, basic and special needs; or, for care in
 * the child's home, one rate per unit (`inHomeRate`). Which one is asked, and the maximums, are the
 * program's rules (program-rules.ts).
 */
export const ratesInfoSchema = z.object({
  rates: z
    .object({
      'infant-toddler': rateSchema,
      preschool: rateSchema,
      'school-age': rateSchema,
    } satisfies Record<(typeof ageGroupCodes)[number], typeof rateSchema>)
    .optional(),
  inHomeRate: moneySchema.optional(),
});

// A closing time before the opening time is the next morning: overnight care, which the same
// step asks about, runs from an evening to a morning (18:00 to 06:00).
const daySchema = z
  .object({ day: z.enum(dayCodes), open: z.boolean(), start: timeSchema.optional(), end: timeSchema.optional() })
  .refine(
    (value) => !value.open || (value.start !== undefined && value.end !== undefined && value.start !== value.end),
    {
      message: messages.startBeforeEnd,
      path: ['end'],
    },
  );

/** operation-hours-form: opening hours per day and the kinds of care offered. */
export const operationHoursSchema = z
  .object({
    days: z.array(daySchema).length(dayCodes.length),
    eveningOvernightCare: z.boolean(),
    weekendCare: z.boolean(),
    transportation: z.boolean(),
  })
  .superRefine((value, ctx) => {
    // Hours on a Saturday or a Sunday are weekend care: the answer says so, or a family
    // searching for weekend care would never find these hours (and the review would contradict them).
    const weekendOpen = value.days.some((day) => day.open && (day.day === 'saturday' || day.day === 'sunday'));
    if (weekendOpen && !value.weekendCare) {
      ctx.addIssue({ code: 'custom', path: ['weekendCare'], message: messages.weekendHoursNotOffered });
    }
    // Closing before opening is overnight care: said so, or the times were swapped by mistake
    // (and a family searching for overnight care would never find these hours).
    if (value.eveningOvernightCare) return;
    value.days.forEach((day, index) => {
      if (day.open && day.start !== undefined && day.end !== undefined && day.end < day.start) {
        ctx.addIssue({ code: 'custom', path: ['days', index, 'end'], message: messages.overnightNotOffered });
      }
    });
  });

/** complete-application-form: conditions accepted and the electronic signature. */
export const conditionsSchema = z.object({
  accepted: z.literal(true, messages.mustAccept),
  listInDirectory: z.boolean(),
  // Signed today: a day after today everywhere on Earth (UTC+14) is a day not come yet.
  signature: z.object({
    fullName: requiredText(120),
    signedOn: isoDateSchema.refine((value) => value <= latestTodayIso(), messages.dateInFuture),
  }),
});

/**
 * The review form's own check: signed today or before, on the program's day. The API takes any
 * day that has begun somewhere (above): it cannot know the signer's day, but the form does.
 */
export const conditionsFormSchema = conditionsSchema.superRefine((value, ctx) => {
  const { signedOn } = value.signature;
  // A day not begun anywhere has its message from the rule above already.
  if (signedOn > todayIso() && signedOn <= latestTodayIso()) {
    ctx.addIssue({ code: 'custom', path: ['signature', 'signedOn'], message: messages.dateInFuture });
  }
});
