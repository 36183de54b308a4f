import { type Kysely, type Migration, type MigrationResultSet, Migrator } from 'kysely';
import { migrations as allMigrations } from './migrations';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * Brings the schema to the latest version. Kysely runs the pending migrations in one
 * transaction under an advisory lock on PostgreSQL, so a migration that fails leaves the
 * database exactly as it was, and concurrent instances migrate once.
 */
export async function migrateToLatest(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before any table type holds
  db: Kysely<any>,
  options: { schema?: string | undefined; migrations?: Record<string, Migration> } = {},
): Promise<MigrationResultSet> {
  const migrations = options.migrations ?? allMigrations;
  const migrator = new Migrator({
    db,
    ...(options.schema ? { migrationTableSchema: options.schema } : {}),
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : JSON.stringify(result.error);
    throw new MigrationError(`Migration ${failed?.migrationName ?? '(setup)'} failed, no change was made: ${reason}`, {
      cause: result.error,
    });
  }
  return result;
}
