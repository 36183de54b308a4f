import path from 'node:path';
import { backupKindOf, restorePglite, restorePostgres } from '../db/backup';
import { loadConfig } from '../env';

/**
 * `npm run db:restore -- <file>`: restores a backup of `npm run db:backup` into the configured
 * database (stop the server first). PostgreSQL: pg_restore in one transaction, replacing the
 * tables the backup holds. PGlite: the data directory is replaced; the old one is kept beside it.
 */
// Run as `node scripts/start.mjs restore [file]` (npm run db:restore) or `node dist/restore.js [file]`.
const argumentAfter = (command: string) => process.argv.slice(2).find((arg) => arg !== command);
const config = loadConfig();
const file = argumentAfter('restore');
try {
  if (!file) throw new Error('Usage: npm run db:restore -- <backup file>');
  const resolved = path.resolve(file);
  const kind = await backupKindOf(resolved);
  if (kind !== config.database.kind) {
    throw new Error(
      `${resolved} is ${kind ? `a ${kind} backup` : 'not a backup of npm run db:backup'}, but the configured database is ${config.database.kind}.`,
    );
  }
  if (config.database.kind === 'postgres') {
    await restorePostgres({ url: config.database.url }, resolved);
  } else {
    const { movedAside } = await restorePglite(resolved, config.database.dataDir);
    if (movedAside) console.log(`The database it replaced was moved to ${movedAside}`);
  }
  console.log(`Restored ${resolved}. Migrations newer than the backup run at the next start.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
