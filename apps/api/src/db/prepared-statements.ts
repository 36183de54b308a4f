import { type PostgresPool, type PostgresPoolClient, sql } from 'kysely';
import type pg from 'pg';

/**
 * Marks a statement to be prepared once per connection and then only bound and run (ADR 054):
 * PostgreSQL parses, analyses and rewrites a statement at every call otherwise, which for the
 * provider search near a place cost more than running it. Start the statement with it:
 * sql`${preparedStatement}select …`. Only for statements that name their columns (never
 * `select *`) and run at every call of a hot path: a prepared statement lives as long as its
 * connection.
 */
const MARK = '/* prepared */ ';
export const preparedStatement = sql.raw(MARK);

/**
 * Each marked statement's text gets one name for the life of the process, the same on every
 * connection (a connection prepares a name the first time it runs it). A statement's text varies
 * with the filters a search uses, so the names are capped: past the cap, a new text runs
 * unprepared, as every other statement does, rather than growing every connection's memory.
 */
const MAX_PREPARED_STATEMENTS = 200;

/** Names statement texts `ccap_1`, `ccap_2`, …, the first `max` texts only. */
export function statementNames(max: number): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < max) {
      name = `ccap_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
}
const preparedStatementName = statementNames(MAX_PREPARED_STATEMENTS);

/**
 * The pool Kysely is given: the same connections, whose marked statements are sent with a name
 * (node-postgres then parses them once per connection). One wrapper per connection, so Kysely
 * keeps one connection object per client, as it does with the pool itself.
 */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    // Kysely sends a statement's text and a copy of its values of its own (a cursor only when
    // streaming, which the portal does not configure): those are what can be named.
    const query = (text: string, values: unknown[]) => {
      const name = text.startsWith(MARK) ? preparedStatementName(text) : undefined;
      return name ? client.query({ name, text, values }) : client.query(text, values);
    };
    return { query: query as unknown as PostgresPoolClient['query'], release: () => client.release() };
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
