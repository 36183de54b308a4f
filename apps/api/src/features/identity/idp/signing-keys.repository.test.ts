import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/helpers';
import { createSigningKeysRepository } from './signing-keys.repository';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('signing keys shared by every instance', () => {
  it('instances starting together on an empty database create one key and all sign with it', async () => {
    // Three repositories over one pool: on PostgreSQL each call runs on a connection of its own.
    const instances = [1, 2, 3].map(() => createSigningKeysRepository(database.db));
    const loaded = await Promise.all(instances.map((keys) => keys.loadOrCreate()));
    const rows = await database.db.selectFrom('idp_signing_key').select(['kid', 'retired_at']).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.retired_at).toBeNull();
    for (const keys of loaded) expect(keys.map((key) => key.kid)).toEqual([rows[0]!.kid]);
  });

  it('a later start loads the existing keys; a rotation retires the active one', async () => {
    const keys = createSigningKeysRepository(database.db);
    const [first] = await keys.loadOrCreate();
    const kid = await keys.rotate();
    const after = await keys.loadOrCreate();
    expect(after.map((key) => key.kid)).toEqual([kid, first!.kid]);
    const active = await database.db
      .selectFrom('idp_signing_key')
      .select('kid')
      .where('retired_at', 'is', null)
      .execute();
    expect(active).toEqual([{ kid }]);
  });

  it('a named secret is created once, whoever asks first', async () => {
    const instances = [1, 2, 3].map(() => createSigningKeysRepository(database.db));
    const values = await Promise.all(instances.map((keys) => keys.secret('test-secret')));
    expect(new Set(values).size).toBe(1);
  });
});
