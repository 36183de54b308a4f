import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { loadConfig } from '../env';

/** `npm run db:migrate`: brings the configured database to the latest schema and exits. */
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  const result = await migrateToLatest(database.db, { schema: database.schema });
  const applied = result.results?.filter((r) => r.status === 'Success') ?? [];
  console.log(applied.length ? `Applied ${applied.map((r) => r.migrationName).join(', ')}` : 'Schema is up to date.');
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
