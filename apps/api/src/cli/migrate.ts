import { openDatabase } from '../db/database';
import { loadConfig } from '../env';
import { ownerTarget, prepareDatabase, runtimeRoleOf } from '../portal-database';

/**
 * `npm run db:migrate`: as the owner, brings the configured database to the latest schema, installs
 * the job queue and gives the runtime role its grants (ADR 082), then exits.
 */
const config = loadConfig();
const database = await openDatabase(ownerTarget(config.database));
try {
  const role = runtimeRoleOf(config.database);
  const result = await prepareDatabase(database, role);
  const applied = result.results?.filter((r) => r.status === 'Success') ?? [];
  console.log(applied.length ? `Applied ${applied.map((r) => r.migrationName).join(', ')}` : 'Schema is up to date.');
  console.log(`Runtime role ${role.runtimeRole}: grants given.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
