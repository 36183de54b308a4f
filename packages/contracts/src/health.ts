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
});
export type Health = z.infer<typeof healthSchema>;
