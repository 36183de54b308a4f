import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation';

/**
 * Every migration, in order. Listed statically (not read from disk) so the bundled
 * server carries them; names are never renamed once released.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
};
