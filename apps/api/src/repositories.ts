import type { Kysely } from 'kysely';
import type { DB } from './db/schema';
import { createHealthRepository } from './features/health/health.repository';

/** Every repository, built once over the database; routes reach SQL only through these. */
export function createRepositories(db: Kysely<DB>) {
  return {
    health: createHealthRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
