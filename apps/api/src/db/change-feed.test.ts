import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { loadConfig } from '../env';
import { createLookupsRepository } from '../features/applications/lookups.repository';
import { ChangeAwareCache } from './change-aware-cache';
import { type ChangeEvent, type ChangeFeed, eventIn, postgresChangeFeed } from './change-feed';
import { migrations } from './migrations';

const server = loadConfig().database;
const postgres = server.kind === 'postgres' ? server.url : undefined;

let database: TestDatabase;
let feed: ChangeFeed;
const heard: ChangeEvent[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  feed = await database.changeFeed();
  feed.subscribe((event) => heard.push(event));
  await until(() => feed.live);
});

async function until(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
afterAll(async () => {
  await database.close();
});

async function newUser(email: string) {
  const row = await database.db
    .insertInto('app_user')
    .values({ issuer: 'urn:test', subject: email, email, name: email })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const tags = () => heard.flatMap((event) => (event.kind === 'changed' ? [event.tag] : []));

describe('change notifications (migrations 0016 and 0017, ADR 047 and 048)', () => {
  it('names the account whose row, roles or counties changed, once heard through a fence', async () => {
    heard.length = 0;
    const id = await newUser('feed.one@example.gov');
    await feed.fence();
    expect(tags()).toContain(`account:${id}`);

    heard.length = 0;
    await database.db
      .insertInto('user_role')
      .values({ user_id: id, role: 'service-worker', granted_by: 'test' })
      .execute();
    await feed.fence();
    expect(tags()).toEqual([`account:${id}`]);

    heard.length = 0;
    await database.db
      .insertInto('audit_log')
      .values({ actor_label: 'test', action: 'user.note', entity_type: 'user', entity_id: id })
      .execute();
    await feed.fence();
    expect(tags()).toEqual([]);
  });

  it('names the owner of an application whose rows changed, apart from their account (migration 0017)', async () => {
    const owner = await newUser('feed.owner@example.gov');
    await feed.fence();
    heard.length = 0;
    const applicationId = await database.db.transaction().execute(async (trx) => {
      const draft = await trx
        .insertInto('draft_application')
        .values({ owner_id: owner, provider_type: 'registeredprovider', application_json: '{}' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const application = await trx
        .insertInto('application')
        .values({
          owner_id: owner,
          draft_id: draft.id,
          provider_type: 'registeredprovider',
          status: 'submitted',
          application_json: '{}',
          provider_name: 'Feed Owner',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return application.id;
    });
    await feed.fence();
    expect(tags()).toEqual([`user:${owner}`]);

    heard.length = 0;
    await database.db
      .insertInto('audit_log')
      .values({
        actor_label: 'test',
        action: 'application.note',
        entity_type: 'application',
        entity_id: String(applicationId),
      })
      .execute();
    await database.db.updateTable('app_user').set({ last_seen_at: new Date() }).where('id', '=', owner).execute();
    await feed.fence();
    expect(tags()).toEqual([`user:${owner}`, `account:${owner}`]);
  });

  it.skipIf(postgres)(
    'on PGlite, a commit has been heard by the time it returns: a fence waits for nothing',
    async () => {
      heard.length = 0;
      const id = await database.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('app_user')
          .values({ issuer: 'urn:test', subject: 'in-transaction', email: 'tx@example.gov', name: 'Tx' })
          .returning('id')
          .executeTakeFirstOrThrow();
        expect(tags()).toEqual([]);
        return row.id;
      });
      expect(tags()).toEqual([`account:${id}`]);
    },
  );

  it('announces a change to the public directory once per transaction, however many rows', async () => {
    heard.length = 0;
    await database.db.transaction().execute(async (trx) => {
      await sql`update provider set business_name = business_name where false`.execute(trx);
      await sql`update provider set business_name = business_name where false`.execute(trx);
    });
    await feed.fence();
    expect(tags()).toEqual(['providers']);
  });

  it('a start that finds the reference lists as they should be announces nothing', async () => {
    const lookups = createLookupsRepository(database.db);
    await lookups.sync(['Polk', 'Story']);
    await feed.fence();
    heard.length = 0;
    await lookups.sync(['Polk', 'Story']);
    await feed.fence();
    expect(tags()).toEqual([]);
    // A county the program profile gained is written, and announced.
    await lookups.sync(['Polk', 'Story', 'Warren']);
    await feed.fence();
    expect(tags()).toEqual(['providers']);
    expect((await lookups.list()).filter((item) => item.lookupType === 'County').map((item) => item.code)).toEqual([
      'Polk',
      'Story',
      'Warren',
    ]);
  });

  it('a TRUNCATE, which names no rows, makes every process forget everything', async () => {
    heard.length = 0;
    await sql`truncate user_county`.execute(database.db);
    await feed.fence();
    expect(heard).toEqual([{ kind: 'reset' }]);
  });

  it("reads a notification's schema: its own, another portal's, every schema's", () => {
    expect(eventIn('vitest_a', 'vitest_a|user:42')).toEqual({ kind: 'changed', tag: 'user:42' });
    expect(eventIn('vitest_a', 'vitest_b|user:42')).toBeUndefined();
    expect(eventIn('vitest_a', 'vitest_a|*')).toEqual({ kind: 'reset' });
    expect(eventIn('vitest_a', '*')).toEqual({ kind: 'reset' });
    expect(eventIn('vitest_a', 'nonsense')).toBeUndefined();
  });

  it('a rolled-back write announces nothing', async () => {
    heard.length = 0;
    await database.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('app_user')
          .values({ issuer: 'urn:test', subject: 'x', email: 'x@x.gov', name: 'x' })
          .execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await feed.fence();
    expect(tags()).toEqual([]);
  });

  it("migration 0017's down puts 0016's tag back, and up splits it again", async () => {
    const migrator = new Migrator({
      db: database.db,
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    const newAccount = async () => {
      const id = await newUser(`feed.${randomUUID()}@example.gov`);
      await feed.fence();
      return id;
    };
    const down = await migrator.migrateTo('0016-change-notifications');
    expect(down.error).toBeUndefined();
    expect(down.results).toContainEqual({
      migrationName: '0017-account-change-tag',
      direction: 'Down',
      status: 'Success',
    });
    heard.length = 0;
    const before = await newAccount();
    expect(tags()).toEqual([`user:${before}`]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    heard.length = 0;
    const after = await newAccount();
    expect(tags()).toEqual([`account:${after}`]);
  });
});

describe('a cache on the feed', () => {
  const userNames = () =>
    new ChangeAwareCache<{ id: string; name: string }>(feed, {
      max: 10,
      ttlMs: 60_000,
      tagsOf: (row) => [`account:${row.id}`],
    });
  const readName = (id: string) =>
    database.db.selectFrom('app_user').select(['id', 'name']).where('id', '=', id).executeTakeFirstOrThrow();

  it('answers from memory until the rows change, then reads again', async () => {
    const cache = userNames();
    const id = await newUser('feed.two@example.gov');
    await feed.fence();
    expect((await cache.get(id, () => readName(id))).name).toBe('feed.two@example.gov');
    expect((await cache.get(id, () => readName(id))).name).toBe('feed.two@example.gov');
    expect(cache.stats).toEqual({ hits: 1, misses: 1 });

    // Another writer (psql, another instance): heard through the feed.
    await database.db.updateTable('app_user').set({ name: 'Renamed' }).where('id', '=', id).execute();
    await feed.fence();
    expect((await cache.get(id, () => readName(id))).name).toBe('Renamed');
    expect(cache.stats.misses).toBe(2);
  });

  it('does not remember a read that a change overtook', async () => {
    const cache = userNames();
    const id = await newUser('feed.three@example.gov');
    await feed.fence();
    const stale = await cache.get(id, async () => {
      const row = await readName(id);
      await database.db.updateTable('app_user').set({ name: 'Changed meanwhile' }).where('id', '=', id).execute();
      await feed.fence();
      return row;
    });
    expect(stale.name).toBe('feed.three@example.gov');
    expect(cache.size).toBe(0);
    expect((await cache.get(id, () => readName(id))).name).toBe('Changed meanwhile');
  });
});

describe.skipIf(!postgres)('the feed on PostgreSQL when its connection goes', () => {
  it('stops answering from memory at once, and listens again by itself', async () => {
    const name = `feed-under-test-${process.pid}-${Date.now()}`;
    const own = postgresChangeFeed(
      { connectionString: postgres, application_name: name },
      database.schema ?? 'public',
      {
        heartbeatMs: 100,
        silenceMs: 400,
      },
    );
    const events: ChangeEvent[] = [];
    own.subscribe((event) => events.push(event));
    try {
      await expect.poll(() => own.live).toBe(true);
      const cache = new ChangeAwareCache<{ n: number }>(own, { max: 10, ttlMs: 60_000, tagsOf: () => [] });
      let reads = 0;
      const load = async () => ({ n: ++reads });
      await cache.get('k', load);
      await cache.get('k', load);
      expect(reads).toBe(1);

      // Connecting announced a reset already: the cut must be told by one more.
      const resets = () => events.filter((event) => event.kind === 'reset').length;
      const resetsBeforeCut = resets();
      const admin = new pg.Client({ connectionString: postgres });
      await admin.connect();
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [name],
      );
      expect(rowCount).toBe(1);
      await admin.end();
      await expect.poll(resets).toBeGreaterThan(resetsBeforeCut);
      await expect.poll(() => own.live, { timeout: 5_000 }).toBe(true);
      // Whatever was remembered before the cut is gone; the cache fills again.
      await cache.get('k', load);
      expect(reads).toBe(2);
    } finally {
      await own.close();
    }
  });
});
