import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

// Embedded PGlite on disk, whichever database the project's other files use: run once, on the
// PGlite project.
it.runIf(loadConfig().database.kind === 'pglite')(
  'file-backed PGlite keeps every row across a restart, creating missing parent folders',
  async () => {
    const base = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-db-'));
    dirs.push(base);
    const dataDir = path.join(base, 'not', 'yet', 'there');

    const first = await openDatabase({ kind: 'pglite', dataDir });
    await migrateToLatest(first.db);
    await first.db
      .insertInto('audit_log')
      .values({ action: 'restart.check', entity_type: 'test', before: null, after: JSON.stringify({ n: 1 }) })
      .execute();
    await first.close();

    const second = await openDatabase({ kind: 'pglite', dataDir });
    const again = await migrateToLatest(second.db);
    expect(again.results).toEqual([]);
    const rows = await second.db.selectFrom('audit_log').select(['action', 'after']).execute();
    expect(rows).toEqual([{ action: 'restart.check', after: { n: 1 } }]);
    await second.close();
  },
);
