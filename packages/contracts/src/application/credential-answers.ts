import { z } from 'zod';
import { isoDateSchema, messages, pastDateSchema } from './rules';

/** "The expiry must be after the completion date". */
export const expiryBeforeCompletion = 'validation.application.expiryBeforeCompletion';

/**
 * One training as the provider states it: which one (a code of the profile's `credentials`
 * list), the day it was completed, and the expiry the certificate states, if it states one (else
 * the profile's validity counts it from the completion day). An expiry needs its completion day.
 */
export const trainingAnswerSchema = z
  .object({
    code: z.string().trim().min(1, messages.required).max(60),
    // Not completed (yet): the form lists every training of the profile, each answered or not.
    completedOn: pastDateSchema.optional(),
    expiresOn: isoDateSchema.optional(),
  })
  .superRefine((value, context) => {
    if (value.expiresOn === undefined) return;
    if (value.completedOn === undefined) {
      context.addIssue({ code: 'custom', path: ['completedOn'], message: messages.required });
    } else if (value.expiresOn <= value.completedOn) {
      context.addIssue({ code: 'custom', path: ['expiresOn'], message: expiryBeforeCompletion });
    }
  });
export type TrainingAnswer = z.infer<typeof trainingAnswerSchema>;

/**
 * The credential answers of the provider (in the provider-information step's "Trainings and
 * checks" section): trainings, record check, fingerprinting and physical examination dates.
 * Optional, so that drafts saved before they were asked still read.
 */
export const providerCredentialFields = {
  trainings: z.array(trainingAnswerSchema).max(40).optional(),
  recordCheckOn: pastDateSchema.optional(),
  fingerprintedOn: pastDateSchema.optional(),
  physicalExamOn: pastDateSchema.optional(),
};

/** The check dates of another person of the home aged 18 or older (an adult, an assistant). */
export const personCheckFields = {
  recordCheckOn: pastDateSchema.optional(),
  fingerprintedOn: pastDateSchema.optional(),
};
