import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { preparedStatement, statementNames } from './prepared-statements';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});
afterAll(() => database.close());

it('a marked statement is prepared once on its connection and answers each call with its own values', async () => {
  const prepared = await database.db.transaction().execute(async (trx) => {
    const answers: number[] = [];
    for (const value of [1, 2, 3]) {
      const { rows } = await sql<{ n: number }>`${preparedStatement}select ${value}::int + 40 as n`.execute(trx);
      answers.push(rows[0]!.n);
    }
    // Unmarked, the same statement is not prepared.
    await sql`select ${4}::int + 40 as n`.execute(trx);
    expect(answers).toEqual([41, 42, 43]);
    const { rows } = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements order by name`.execute(trx);
    return rows;
  });
  expect(prepared).toHaveLength(1);
  expect(prepared[0]!.name).toMatch(/^ccap_\d+$/);
  expect(prepared[0]!.statement).toBe('/* prepared */ select $1::int + 40 as n');
});

it('a marked statement that fails leaves its connection usable, prepared or not', async () => {
  // One connection throughout: the pool would otherwise hand the last call a fresh one.
  await database.db.connection().execute(async (connection) => {
    await expect(sql`${preparedStatement}select 1 / ${0}::int as n`.execute(connection)).rejects.toThrow(
      /division by zero/,
    );
    await expect(sql`${preparedStatement}select from no_such_table`.execute(connection)).rejects.toThrow(
      /no_such_table/,
    );
    const { rows } = await sql<{ n: number }>`${preparedStatement}select 1 / ${1}::int as n`.execute(connection);
    expect(rows).toEqual([{ n: 1 }]);
  });
});

it('names each text once, and only the first texts up to the cap', () => {
  const nameOf = statementNames(2);
  expect(nameOf('a')).toBe('ccap_1');
  expect(nameOf('b')).toBe('ccap_2');
  expect(nameOf('a')).toBe('ccap_1');
  expect(nameOf('c')).toBeUndefined();
  expect(nameOf('b')).toBe('ccap_2');
});
