import path from 'node:path';
import { backupPglite, backupPostgres } from '../db/backup';
import { loadConfig } from '../env';

/**
 * `npm run db:backup -- [file]`: PostgreSQL (DATABASE_URL) with pg_dump, online; the embedded
 * PGlite database as a tarball of its data directory (stop the server first). Default file:
 * $DATA_DIR/backups/ccap-<backend>-<time>.(dump|tar.gz).
 */
// Run as `node scripts/start.mjs backup [file]` (npm run db:backup) or `node dist/backup.js [file]`.
const argumentAfter = (command: string) => process.argv.slice(2).find((arg) => arg !== command);
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const kind = config.database.kind;
const file = path.resolve(
  argumentAfter('backup') ??
    path.join(config.dataDir, 'backups', `ccap-${kind}-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`),
);
try {
  if (config.database.kind === 'postgres') await backupPostgres({ url: config.database.url }, file);
  else await backupPglite(config.database.dataDir, file);
  console.log(`Backup written to ${file}`);
  console.log('Document files are not in it: back up BLOB_DIR (or the bucket) as well.');
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
}
