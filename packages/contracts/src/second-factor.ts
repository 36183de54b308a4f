import { z } from 'zod';
import { emailSchema, interactionRedirectSchema } from './identity';

/** Problem types of the second sign-in step (an authenticator app's code or a recovery code). */
export const secondFactorProblemTypes = {
  invalidCode: 'urn:ccap:problem:invalid-second-factor-code',
  locked: 'urn:ccap:problem:second-factor-locked',
} as const;

/** How many one-time recovery codes an enrolment hands out. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * What a correct password leads to: the portal (a redirect), or, for a staff member who must
 * have a second factor, its step: `verify` asks for a code, `enrol` sets an authenticator up.
 */
export const signInAnswerSchema = z.union([
  interactionRedirectSchema,
  z.object({ secondFactor: z.enum(['verify', 'enrol']) }),
]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** A new authenticator's secret, shown once, before its first code confirms it. */
export const secondFactorEnrolmentSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The `otpauth://totp/…` URI the QR code carries. */
  otpauthUri: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

/** A six-digit code from the app, or a recovery code (spaces and hyphens are ignored). */
export const secondFactorCodeRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .min(6)
    .max(32)
    .regex(/^[A-Za-z0-9 -]+$/, 'Only letters, digits, spaces and hyphens.'),
});
export type SecondFactorCodeRequest = z.infer<typeof secondFactorCodeRequestSchema>;

/** A confirmed enrolment: the recovery codes (shown this once) and where the sign-in goes on. */
export const secondFactorEnrolledSchema = interactionRedirectSchema.extend({
  recoveryCodes: z.array(z.string()),
});
export type SecondFactorEnrolled = z.infer<typeof secondFactorEnrolledSchema>;

/** An administrator clears a staff member's second factor: they set up a new one at next sign-in. */
export const resetSecondFactorRequestSchema = z.object({ email: emailSchema });
export type ResetSecondFactorRequest = z.infer<typeof resetSecondFactorRequestSchema>;
export const resetSecondFactorResponseSchema = z.object({ status: z.enum(['reset', 'none']) });
export type ResetSecondFactorResponse = z.infer<typeof resetSecondFactorResponseSchema>;
