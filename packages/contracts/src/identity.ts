import { localeCodes } from './locale-tags';
import { z } from 'zod';

/** Roles of DESIGN.md section 5. Every signed-in user is an applicant; staff roles are granted. */
export const roles = ['applicant', 'service-worker', 'administrator'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;
export const staffRoles = ['service-worker', 'administrator'] as const;
export const staffRoleSchema = z.enum(staffRoles);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));
/** Why a new password was refused (`weakPassword` problems): each has its own message. */
export const passwordWeaknesses = ['common', 'personal', 'pattern', 'guessable'] as const;
export type PasswordWeakness = (typeof passwordWeaknesses)[number];

export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);
/** A person's name: one line, no links (it is quoted in mails sent to the address given). */
export const personNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .refine(
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    (value) => !/[\u0000-\u001f\u007f<>]|:\/\/|www\./i.test(value),
    'validation.nameInvalid',
  );

/** Problem types the identity endpoints answer with; the web app translates each. */
export const identityProblemTypes = {
  invalidCredentials: 'urn:ccap:problem:invalid-credentials',
  locked: 'urn:ccap:problem:sign-in-locked',
  weakPassword: 'urn:ccap:problem:weak-password',
  invalidToken: 'urn:ccap:problem:invalid-token',
  interactionExpired: 'urn:ccap:problem:interaction-expired',
  emailNotConfirmed: 'urn:ccap:problem:email-not-confirmed',
} as const;

// Built-in identity provider: the interaction pages post these to /idp/interaction/{uid}/…

export const signInRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const registerRequestSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The sign-in interaction the user came from, so confirming can continue it. */
  uid: z.string().max(64).optional(),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const forgotPasswordRequestSchema = z.object({ email: emailSchema, uid: z.string().max(64).optional() });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({ token: z.string().min(20).max(200), password: passwordSchema });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const confirmEmailRequestSchema = z.object({ token: z.string().min(20).max(200) });
export type ConfirmEmailRequest = z.infer<typeof confirmEmailRequestSchema>;

/** Where the browser goes next once an interaction step succeeded. */
export const interactionRedirectSchema = z.object({ redirectTo: z.string() });
export type InteractionRedirect = z.infer<typeof interactionRedirectSchema>;

export const interactionDetailsSchema = z.object({
  uid: z.string(),
  prompt: z.string(),
  loginHint: z.string().optional(),
});
export type InteractionDetails = z.infer<typeof interactionDetailsSchema>;

/**
 * Answers that must not reveal whether an email has an account: registration and password
 * reset requests always say "check your email", whatever happened.
 */
export const checkEmailResponseSchema = z.object({ status: z.literal('check-email') });
export type CheckEmailResponse = z.infer<typeof checkEmailResponseSchema>;
export const accountConfirmedResponseSchema = z.object({
  status: z.literal('confirmed'),
  /** The sign-in interaction the registration started from, if it is still open. */
  uid: z.string().optional(),
});
export type AccountConfirmedResponse = z.infer<typeof accountConfirmedResponseSchema>;
export const passwordResetResponseSchema = z.object({ status: z.literal('password-reset') });
export type PasswordResetResponse = z.infer<typeof passwordResetResponseSchema>;

// The portal API

/** How the web app signs in: the issuer and client, discovered from the API at start-up. */
export const authConfigSchema = z.object({
  authority: z.url(),
  clientId: z.string(),
  scope: z.string(),
  builtIn: z.boolean(),
  idleTimeoutSeconds: z.number().int().positive(),
  idleWarningSeconds: z.number().int().positive(),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** The events a user can be told about (notifications issue); preferences say which send mail. */
export const notificationEvents = [
  'applicationSubmitted',
  'documentsRequired',
  'documentReceived',
  'rfiRequested',
  'rfiDue',
  'rfiAnswered',
  'rfiCompleted',
  'statusChanged',
  'decisionMade',
  'draftReminder',
  'changeReceived',
  'changeDecided',
  'changeApplied',
  'announcement',
  'staffMessage',
  'exportReady',
] as const;
export const notificationEventSchema = z.enum(notificationEvents);
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

export const notificationPreferencesSchema = z.object({
  email: z.record(notificationEventSchema, z.boolean()),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export { localeCodes };
export const localeCodeSchema = z.enum(localeCodes);

export const userSettingsSchema = z.object({
  preferredLanguage: localeCodeSchema,
  notificationPreferences: notificationPreferencesSchema,
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

export const currentUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
  counties: z.array(z.string()),
  profile: userSettingsSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

// Development mail view (embedded default only)

export const devMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
export const devMailListSchema = z.object({ data: z.array(devMailSchema) });
export type DevMail = z.infer<typeof devMailSchema>;
