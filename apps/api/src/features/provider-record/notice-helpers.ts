import { localeIntlTags } from '@ccap/contracts/locale-tags';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { LocaleCode } from '../application/pdf/labels';

/** An ISO day as the recipient's language writes it ("3 March 2027"). */
export const longDate = (lang: LocaleCode, iso: string) =>
  new Intl.DateTimeFormat(localeIntlTags[lang], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );

/** The service workers of a county (as staff and applicants type county names: case and spaces aside). */
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
