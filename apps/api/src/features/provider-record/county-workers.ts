import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The service workers of a county (as staff and applicants type county names: case and spaces
 * aside): who is told of what a provider of that county reports.
 */
export async function countyWorkers(executor: Kysely<DB> | Transaction<DB>, county: string | null) {
  if (county === null) return [];
  const rows = await executor
    .selectFrom('user_role as r')
    .innerJoin('user_county as c', 'c.user_id', 'r.user_id')
    .select('r.user_id')
    .distinct()
    .where('r.role', '=', 'service-worker')
    .where(sql<string>`lower(trim(c.county))`, '=', county.trim().toLowerCase())
    .execute();
  return rows.map((row) => row.user_id);
}
