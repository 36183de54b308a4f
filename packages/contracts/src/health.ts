import { z } from 'zod';

export const databaseBackends = ['pglite', 'postgres'] as const;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({
    status: z.enum(['up', 'down']),
    backend: z.enum(databaseBackends),
    latencyMs: z.number().nonnegative(),
  }),
  /** Whether document files can be stored: degraded when the store is out of room. */
  blobStore: z.object({
    status: z.enum(['up', 'degraded']),
    kind: z.string(),
    freeBytes: z.number().nonnegative().optional(),
  }),
});
export type Health = z.infer<typeof healthSchema>;
