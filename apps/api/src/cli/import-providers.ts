import fs from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '../db/database';
import { ownerTarget, prepareDatabase, runtimeRoleOf } from '../portal-database';
import { loadConfig } from '../env';
import { loadProgramProfile } from '../features/program/program-profile';
import { gazetteerFor } from '../features/providers/gazetteer';
import { readImportFile, validateImport } from '../features/providers/import';
import { createRepositories, repositoryOptions } from '../repositories';

/**
 * `npm run providers:import -- <file.csv|file.json>`: loads the agency's licensing export.
 * Rows are checked one by one; good rows are written (updated in place by LicenseNumber),
 * rejected rows are listed with the reason. Exit code 2 when any row was rejected.
 */
const file = process.argv.slice(2).find((arg) => !arg.startsWith('-') && arg !== 'providers-import');
if (!file) {
  console.error('Usage: npm run providers:import -- <file.csv|file.json>');
  process.exit(1);
}
const config = loadConfig();
const profile = await loadProgramProfile(config.programProfilePath);
const database = await openDatabase(ownerTarget(config.database));
try {
  await prepareDatabase(database, runtimeRoleOf(config.database));
  const rows = readImportFile(file, await fs.readFile(path.resolve(file), 'utf8'));
  const report = validateImport(rows, gazetteerFor(profile), file.toLowerCase().endsWith('.json') ? 1 : 2);
  const written = await createRepositories(database.db, await repositoryOptions(config)).providers.upsert(
    report.accepted,
  );
  console.log(
    `${path.basename(file)}: ${rows.length} rows, ${written} imported or updated, ${report.rejected.length} rejected.`,
  );
  for (const rejected of report.rejected) {
    console.log(
      `  row ${rejected.row}${rejected.licenseNumber ? ` (${rejected.licenseNumber})` : ''}: ${rejected.errors.join('; ')}`,
    );
  }
  if (report.rejected.length > 0) process.exitCode = 2;
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
