import { type MigrationResultSet, sql } from 'kysely';
import { type Database, type DatabaseTarget, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { ensureRuntimeRole, grantRuntimeRole, RUNTIME_ROLE } from './db/roles';
import type { Config } from './env';
import { JOB_QUEUES } from './features/notifications/background-jobs';
import { installJobQueue } from './jobs/job-queue';

/** The advisory lock the owner holds while it grants (any constant of the portal's own). */
const GRANTS_LOCK = 4_202_611;

/** The schema pg-boss keeps its tables in (ADR 040). */
export const JOB_SCHEMA = 'pgboss';

/**
 * What the owner does before the portal serves: the migrations, pg-boss's schema and queues,
 * and the runtime role's grants (made first where `createRole`).
 */
export async function prepareDatabase(
  owner: Database,
  options: { runtimeRole: string; createRole: boolean; jobSchema?: string },
): Promise<MigrationResultSet> {
  const migrated = await migrateToLatest(owner.db, { schema: owner.schema });
  const jobSchema = options.jobSchema ?? JOB_SCHEMA;
  await installJobQueue({ pool: owner.pool, schema: jobSchema, queues: Object.values(JOB_QUEUES) });
  // Instances starting together would grant on the same catalogue rows at once, which PostgreSQL
  // refuses ("tuple concurrently updated"): one at a time, under a transaction-scoped lock.
  await owner.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${GRANTS_LOCK})`.execute(trx);
    if (options.createRole) await ensureRuntimeRole(trx, options.runtimeRole);
    await grantRuntimeRole(trx, options.runtimeRole, { jobSchema });
  });
  return migrated;
}

/** The owner's connection: MIGRATION_DATABASE_URL, else DATABASE_URL; the embedded PGlite as it is. */
export const ownerTarget = (config: Config['database']): DatabaseTarget =>
  config.kind === 'postgres' ? { kind: 'postgres', url: config.migrationUrl ?? config.url, poolSize: 2 } : config;

/** The runtime role, and whether the owner makes it (one login) or it is DATABASE_URL's own. */
export const runtimeRoleOf = (config: Config['database']) =>
  config.kind === 'postgres' && config.migrationUrl !== undefined
    ? { runtimeRole: loginOf(config.url), createRole: false }
    : { runtimeRole: RUNTIME_ROLE, createRole: true };

/** The user a connection URL logs in as. */
export function loginOf(url: string): string {
  const user = decodeURIComponent(new URL(url).username);
  if (!user) throw new Error('DATABASE_URL must name its user when MIGRATION_DATABASE_URL is set.');
  return user;
}

/** How the portal's connections reach the database as the runtime role, for the job queue too. */
export interface RuntimeConnection {
  url: string;
  /** Set when the login is the owner's: the role each connection takes. */
  role?: string;
}

/**
 * The database the portal serves with (ADR 082): the owner migrates and grants, then the
 * portal's pool is the runtime role's. With MIGRATION_DATABASE_URL it logs in as DATABASE_URL's
 * user; with DATABASE_URL alone (the owner's) each connection takes the role `ccap_runtime`; on
 * the embedded PGlite, its one session does.
 */
export async function openPortalDatabase(
  config: Config['database'],
): Promise<{ database: Database; runtime?: RuntimeConnection }> {
  if (config.kind === 'pglite') {
    const database = await openDatabase(config);
    try {
      await prepareDatabase(database, runtimeRoleOf(config));
      await database.assumeRole(RUNTIME_ROLE);
    } catch (error) {
      await database.close();
      throw error;
    }
    return { database };
  }
  const separate = config.migrationUrl !== undefined;
  const owner = await openDatabase(ownerTarget(config));
  try {
    await prepareDatabase(owner, runtimeRoleOf(config));
  } finally {
    await owner.close();
  }
  const runtime: RuntimeConnection = separate ? { url: config.url } : { url: config.url, role: RUNTIME_ROLE };
  const database = await openDatabase({
    kind: 'postgres',
    url: runtime.url,
    poolSize: config.poolSize,
    ...(runtime.role ? { role: runtime.role } : {}),
  });
  return { database, runtime };
}
