import {
  OPENINGS_STALE_AFTER_DAYS,
  type OpeningAgeGroup,
  type ProviderOperationHours,
  type ProviderRecord,
  todayIso,
} from '@ccap/contracts';
import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import { lapsedSql } from '../provider-record/approval-term';
import type { DB, ProviderTable } from '../../db/schema';
import { fold } from './fold';
import type { GeoPoint } from './geocoder';

/** One provider as the import, the demonstration generator and approved applications give it. */
export interface ProviderInput {
  licenseNumber: string;
  businessName: string;
  ownerFirstName: string;
  ownerLastName: string;
  providerTypeId: number | null;
  isCca: boolean;
  capacity: number;
  address1: string;
  city: string;
  zip: string;
  county: string | null;
  phone: string;
  operationHours: ProviderOperationHours[];
  latitude: number;
  longitude: number;
  languages: string[];
  qualityRating: number | null;
  acceptsSpecialNeeds: boolean;
  weekendCare: boolean;
  eveningOvernightCare: boolean;
  transportation: boolean;
  source: 'import' | 'demonstration' | 'application';
  /** The approved application a listing comes from (its closures and openings apply to it). */
  applicationId?: number | null;
}

/** The search after the route resolved the location: every field is a filter when present. */
export interface ProviderQuery {
  businessName?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  countyId?: number | null | undefined;
  city?: string | null | undefined;
  zipCode?: string | null | undefined;
  providerTypeId?: number | null | undefined;
  acceptsCcaChildren?: boolean | null | undefined;
  acceptsChildrenWithSpecialNeeds?: boolean | null | undefined;
  providesWeekendCare?: boolean | null | undefined;
  providesEveningOvernightCare?: boolean | null | undefined;
  providesTransportation?: boolean | null | undefined;
  languageId?: number | null | undefined;
  qualityRating?: number | null | undefined;
  /** Only providers with current openings for this age group (ADR 102). */
  openingsFor?: OpeningAgeGroup | null | undefined;
  /** The program's day the closures and openings are read on; todayIso() when absent. */
  today?: string | undefined;
  near?: { point: GeoPoint; miles: number } | undefined;
  limit: number;
  /** How many results of the same search come before the page (0: the first page). */
  offset?: number | undefined;
}

/** A page of the search and how many providers match it in all. */
export interface ProviderPage {
  total: number;
  value: ProviderRecord[];
}

const EARTH_DIAMETER_MILES = 7917.6;
const BATCH = 1_000;

const toRow = (p: ProviderInput) => ({
  license_number: p.licenseNumber,
  business_name: p.businessName,
  owner_first_name: p.ownerFirstName,
  owner_last_name: p.ownerLastName,
  business_search: fold(p.businessName),
  first_name_search: fold(p.ownerFirstName),
  last_name_search: fold(p.ownerLastName),
  provider_type_id: p.providerTypeId,
  is_cca: p.isCca,
  capacity: p.capacity,
  address1: p.address1,
  city: p.city,
  city_search: fold(p.city),
  zip: p.zip,
  county: p.county,
  phone: p.phone,
  operation_hours: JSON.stringify(p.operationHours),
  location: `(${p.longitude},${p.latitude})`,
  languages: p.languages,
  quality_rating: p.qualityRating,
  accepts_special_needs: p.acceptsSpecialNeeds,
  weekend_care: p.weekendCare,
  evening_overnight_care: p.eveningOvernightCare,
  transportation: p.transportation,
  source: p.source,
  application_id: p.applicationId ?? null,
});

/** Great-circle miles from a point to the row's location (x = longitude, y = latitude). */
const haversine = (from: GeoPoint) => sql<number>`${EARTH_DIAMETER_MILES} * asin(sqrt(
    power(sin(radians(p.location[1] - ${from.latitude}::float8) / 2), 2)
    + cos(radians(${from.latitude}::float8)) * cos(radians(p.location[1]))
      * power(sin(radians(p.location[0] - ${from.longitude}::float8) / 2), 2)))`;

/** A box (degrees) that holds every point within `miles` (a SQL expression) of `from`, with a margin. */
const boxAround = (from: GeoPoint, radius: RawBuilder<number> | number) => {
  const miles = sql`(${radius})::float8`;
  return sql`box(
    point(${from.longitude}::float8 - ${miles} * 1.01 / (69.172 * cos(radians(abs(${from.latitude}::float8) + ${miles} / 68.7))),
          ${from.latitude}::float8 - ${miles} * 1.01 / 68.7),
    point(${from.longitude}::float8 + ${miles} * 1.01 / (69.172 * cos(radians(abs(${from.latitude}::float8) + ${miles} / 68.7))),
          ${from.latitude}::float8 + ${miles} * 1.01 / 68.7))`;
};

/** The filters other than the names, which the name match below reads through the vocabulary. */
function conditions(q: ProviderQuery): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  // Spec section 7: "Addresses are matched on zip code or city": both typed, either matches.
  const city = q.city ? fold(q.city) : '';
  const zip = q.zipCode?.slice(0, 5);
  if (city && zip) where.push(sql`(p.city_search = ${city} or p.zip = ${zip})`);
  else if (city) where.push(sql`p.city_search = ${city}`);
  else if (zip) where.push(sql`p.zip = ${zip}`);
  if (q.countyId != null)
    where.push(
      sql`p.county = (select code from lookup_item where lookup_id = ${q.countyId} and lookup_type = 'County')`,
    );
  if (q.providerTypeId != null) where.push(sql`p.provider_type_id = ${q.providerTypeId}`);
  const flag = (value: boolean | null | undefined, column: string) => {
    if (value != null) where.push(sql`${sql.ref(`p.${column}`)} = ${value}`);
  };
  flag(q.acceptsCcaChildren, 'is_cca');
  flag(q.acceptsChildrenWithSpecialNeeds, 'accepts_special_needs');
  flag(q.providesWeekendCare, 'weekend_care');
  flag(q.providesEveningOvernightCare, 'evening_overnight_care');
  flag(q.providesTransportation, 'transportation');
  if (q.languageId != null)
    where.push(
      sql`p.languages @> array[(select code from lookup_item where lookup_id = ${q.languageId} and lookup_type = 'Language')]`,
    );
  if (q.qualityRating != null) where.push(sql`p.quality_rating >= ${q.qualityRating}`);
  // A provider closed today is left out of the search (ADR 102): read at each search, no job.
  const today = q.today ?? todayIso();
  where.push(sql`(p.application_id is null or not exists (
    select 1 from provider_closure c
    where c.application_id = p.application_id and c.cancelled_at is null
      and c.starts_on <= ${today}::date and (c.ends_on is null or c.ends_on >= ${today}::date)))`);
  // A provider whose approval has lapsed leaves the search that day (ADR 107), by the one rule.
  where.push(sql`(p.application_id is null or not exists (
    select 1 from provider_record r where r.application_id = p.application_id and ${lapsedSql('r', today)}))`);
  // Openings not updated recently may no longer be true: the filter does not count on them.
  if (q.openingsFor != null)
    where.push(sql`exists (
      select 1 from provider_opening o
      where o.application_id = p.application_id and o.age_group = ${q.openingsFor} and o.openings > 0
        and o.updated_on >= ${today}::date - ${OPENINGS_STALE_AFTER_DAYS}::int)`);
  return where;
}

const FIELDS = [
  ['business', 'businessName'],
  ['first', 'firstName'],
  ['last', 'lastName'],
] as const;

/** The typed name words, each with the name field it is looked for in. */
function typedWords(q: ProviderQuery): { field: (typeof FIELDS)[number][0]; word: string }[] {
  return FIELDS.flatMap(([field, key]) =>
    fold(q[key] ?? '')
      .split(' ')
      .filter(Boolean)
      .map((word) => ({ field, word })),
  );
}

/**
 * The name match (ADR 090). A typed word matches a word of the name when their trigrams are
 * close (`<%`, the session's word similarity threshold) or when a few letters changed
 * (Levenshtein: 1 edit in a 4 or 5-letter word, 2 from 6 letters: "birght", "sunshyne"); its
 * strength is the better of the two measures, 1 for the word itself. A provider's score is the
 * mean strength over every typed word (0 for a word it lacks). Only the providers within
 * NAME_MARGIN of the best score are answered, and none under NAME_FLOOR: a close match is not
 * followed by every name that shares one common word with the search.
 */
export const NAME_MARGIN = 0.2;
export const NAME_FLOOR = 0.5;

const and = (parts: RawBuilder<unknown>[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/** A row of the search: the columns it selects (COLUMNS below) as read, the distance and the total. */
type SearchRow = Pick<
  Selectable<ProviderTable>,
  | 'id'
  | 'license_number'
  | 'business_name'
  | 'provider_type_id'
  | 'is_cca'
  | 'capacity'
  | 'address1'
  | 'city'
  | 'zip'
  | 'county'
  | 'phone'
  | 'location'
  | 'languages'
  | 'quality_rating'
  | 'accepts_special_needs'
  | 'weekend_care'
  | 'evening_overnight_care'
  | 'transportation'
  | 'source'
  | 'application_id'
> & { operation_hours: ProviderOperationHours[]; distance: number | null; total: number };

const COLUMNS = sql.raw(`p.id, p.license_number, p.business_name, p.provider_type_id, p.is_cca, p.capacity,
  p.address1, p.city, p.zip, p.county, p.phone, p.operation_hours, p.location, p.languages, p.quality_rating,
  p.accepts_special_needs, p.weekend_care, p.evening_overnight_care, p.transportation, p.source, p.application_id`);

type Openings = ProviderRecord['Openings'];

const toRecord = (row: SearchRow, openings: Openings = []): ProviderRecord => ({
  Id: row.id,
  BusinessName: row.business_name,
  LicenseNumber: row.license_number,
  ProviderTypeID: row.provider_type_id,
  IsCCA: row.is_cca,
  Capacity: row.capacity,
  Addresses: [{ Address1: row.address1, City: row.city, Zip: row.zip }],
  OperationHours: row.operation_hours,
  Location: { type: 'Point', coordinates: [row.location.x, row.location.y] },
  Contacts: row.phone ? [{ Phone: row.phone }] : [],
  County: row.county,
  Languages: row.languages,
  QualityRating: row.quality_rating,
  AcceptsChildrenWithSpecialNeeds: row.accepts_special_needs,
  ProvidesWeekendCare: row.weekend_care,
  ProvidesEveningOvernightCare: row.evening_overnight_care,
  ProvidesTransportation: row.transportation,
  Distance: row.distance === null ? null : Math.round(row.distance * 100) / 100,
  IsDemonstration: row.source === 'demonstration',
  Openings: openings,
});

/**
 * The openings of the page's providers that came from an approval, in one statement; none
 * is asked for when the page holds only imported or demonstration listings.
 */
async function openingsOf(db: Kysely<DB>, rows: SearchRow[], today: string): Promise<Map<number, Openings>> {
  const ids = rows.flatMap((row) => (row.application_id === null ? [] : [Number(row.application_id)]));
  const byApplication = new Map<number, Openings>();
  if (ids.length === 0) return byApplication;
  const found = await db
    .selectFrom('provider_opening')
    .select([
      'application_id',
      'age_group',
      'openings',
      sql<string>`to_char(updated_on, 'YYYY-MM-DD')`.as('updated_on'),
      sql<boolean>`updated_on < ${today}::date - ${OPENINGS_STALE_AFTER_DAYS}::int`.as('stale'),
    ])
    .where('application_id', 'in', ids)
    .orderBy('application_id')
    .orderBy('age_group')
    .execute();
  for (const opening of found) {
    const list = byApplication.get(Number(opening.application_id)) ?? [];
    list.push({
      AgeGroup: opening.age_group,
      Count: opening.openings,
      UpdatedOn: opening.updated_on,
      NotUpdatedRecently: opening.stale,
    });
    byApplication.set(Number(opening.application_id), list);
  }
  return byApplication;
}

/**
 * The search, read from the database in one statement (ADR 089): a page of `q.limit` from
 * `q.offset`, nearest first when a location is known (else best name match, then name), and
 * `count(*) over ()`, the number matching in all. The order ends on the id, so pages of the same
 * search never overlap nor skip a provider.
 */
async function searchDirectory(db: Kysely<DB>, q: ProviderQuery, offset: number): Promise<SearchRow[]> {
  const where = conditions(q);
  const distance = q.near ? haversine(q.near.point) : sql<number | null>`null::float8`;
  if (q.near) {
    const { point, miles } = q.near;
    where.push(sql`p.location <@ ${boxAround(point, miles)}`, sql`${distance} <= ${miles}::float8`);
  }
  const words = typedWords(q);
  if (words.length === 0) {
    const { rows } = await sql<SearchRow>`
      select ${COLUMNS}, ${distance} as distance, count(*) over () as total
      from provider p
      where ${and(where)}
      order by ${q.near ? sql`distance, ` : sql``}p.business_name, p.id
      limit ${q.limit} offset ${offset}`.execute(db);
    return rows;
  }
  const typed = sql.join(
    words.map(({ field, word }, index) => sql`(${index}, ${field}, ${word})`),
    sql`, `,
  );
  const { rows } = await sql<SearchRow>`
    with typed (n, field, word) as (values ${typed}),
    matched as (
      select t.n, t.field, v.word,
        greatest(word_similarity(t.word, v.word),
          -- fuzzystrmatch refuses words over 255 characters: those are matched by trigrams alone.
          case when length(t.word) <= 255 and length(v.word) <= 255
            then 1 - levenshtein(t.word, v.word)::float8 / greatest(length(t.word), length(v.word))
            else 0 end) as strength
      from typed t
      join provider_name_vocabulary v on v.field = t.field
      where t.word <% v.word
        or case when length(t.word) between 4 and 255 and length(v.word) <= 255
             then levenshtein_less_equal(t.word, v.word, case when length(t.word) >= 6 then 2 else 1 end)
               <= case when length(t.word) >= 6 then 2 else 1 end
             else false end
    ), strengths as (
      select w.provider_id, m.n, max(m.strength) as strength
      from matched m
      join provider_name_word w on w.field = m.field and w.word = m.word
      group by w.provider_id, m.n
    ), scored as (
      select provider_id, sum(strength) / ${words.length}::float8 as score
      from strengths group by provider_id
    ), found as (
      select ${COLUMNS}, ${distance} as distance, s.score, max(s.score) over () as best
      from scored s
      join provider p on p.id = s.provider_id
      where ${and(where)}
    )
    select p.*, count(*) over () as total
    from found p
    where p.score >= ${NAME_FLOOR}::float8 and p.score >= p.best - ${NAME_MARGIN}::float8
    order by ${q.near ? sql`p.distance, ` : sql``}p.score desc, p.business_name, p.id
    limit ${q.limit} offset ${offset}`.execute(db);
  return rows;
}

async function searchPage(db: Kysely<DB>, q: ProviderQuery): Promise<ProviderPage> {
  const offset = q.offset ?? 0;
  const rows = await searchDirectory(db, q, offset);
  if (rows.length > 0) {
    const openings = await openingsOf(db, rows, q.today ?? todayIso());
    return {
      total: Number(rows[0]!.total),
      value: rows.map((row) =>
        toRecord(row, row.application_id === null ? [] : openings.get(Number(row.application_id))),
      ),
    };
  }
  // A page past the end holds no row to carry the total: the total is then read on its own.
  if (offset === 0) return { total: 0, value: [] };
  const first = await searchDirectory(db, { ...q, limit: 1 }, 0);
  return { total: Number(first[0]?.total ?? 0), value: [] };
}

export function createProvidersRepository(db: Kysely<DB>) {
  return {
    /** Inserts or updates by LicenseNumber; returns how many rows were written. */
    async upsert(providers: ProviderInput[]): Promise<number> {
      let written = 0;
      for (let start = 0; start < providers.length; start += BATCH) {
        const rows = providers.slice(start, start + BATCH).map(toRow);
        const result = await db
          .insertInto('provider')
          .values(rows)
          .onConflict((oc) =>
            oc.column('license_number').doUpdateSet((eb) => {
              const set: Record<string, unknown> = { updated_at: sql`now()` };
              for (const key of Object.keys(rows[0]!))
                if (key !== 'license_number') set[key] = eb.ref(`excluded.${key}` as 'excluded.business_name');
              return set;
            }),
          )
          .executeTakeFirst();
        written += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return written;
    },

    async countBySource(source: ProviderInput['source']): Promise<number> {
      const row = await db
        .selectFrom('provider')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('source', '=', source)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    search: (q: ProviderQuery): Promise<ProviderPage> => searchPage(db, q),
  };
}
export type ProvidersRepository = ReturnType<typeof createProvidersRepository>;
