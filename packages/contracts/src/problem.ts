import { z } from 'zod';

/** One field-level problem: where in the payload, and what is wrong there. */
export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** RFC 9457 problem details, as every API error is answered. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  instance: z.string().optional(),
  requestId: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
  /** With 429 and lockouts: how long until trying again makes sense. */
  retryAfterSeconds: z.number().int().nonnegative().optional(),
  /** With 413 for a file: the size limit, so a message can name it in the reader's language. */
  maxBytes: z.number().int().positive().optional(),
  /** With 415 for a file: the types that are accepted. */
  allowedTypes: z.array(z.string()).optional(),
  /** With a refused new password: which rule it broke (`passwordWeaknesses`), for a specific message. */
  reason: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
