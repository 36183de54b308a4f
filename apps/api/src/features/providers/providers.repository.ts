import type { ProviderOperationHours, ProviderRecord } from '@ccap/contracts';
import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
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
  near?: { point: GeoPoint; miles: number } | undefined;
  limit: number;
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

function conditions(q: ProviderQuery): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  const term = (value: string | null | undefined, column: string) => {
    const folded = value ? fold(value) : '';
    if (folded) where.push(sql`${folded} <% ${sql.ref(`p.${column}`)}`);
  };
  term(q.businessName, 'business_search');
  term(q.firstName, 'first_name_search');
  term(q.lastName, 'last_name_search');
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
  return where;
}

/** Near spellings of a typed word the search follows; the best ones fill a page (the profile's size). */
const MATCHED_WORDS = 64;
const FIELDS = [
  ['business', 'businessName'],
  ['last', 'lastName'],
  ['first', 'firstName'],
] as const;

/**
 * The word that leads a name search: a single word typed in a single name field (the common
 * "sunshyne" search, whose matches can be thousands). A search of several words or fields keeps
 * the whole-name trigram plan: it ranks by the whole terms ("Blu Skye Sprouts" must put "Blue
 * Sky Sprouts" before every other "Sprouts"), and several words narrow the candidates anyway.
 */
function driverWord(q: ProviderQuery): { field: (typeof FIELDS)[number][0]; word: string } | undefined {
  const typed = FIELDS.map(([field, key]) => ({
    field,
    words: fold(q[key] ?? '')
      .split(' ')
      .filter(Boolean),
  })).filter(({ words }) => words.length > 0);
  const [only] = typed;
  return typed.length === 1 && only!.words.length === 1 ? { field: only!.field, word: only!.words[0]! } : undefined;
}

const and = (parts: RawBuilder<unknown>[]) => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/** A row of the search: the columns it selects (COLUMNS below) as read, and the distance. */
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
> & { operation_hours: ProviderOperationHours[]; distance: number | null };

const COLUMNS = sql.raw(`p.id, p.license_number, p.business_name, p.provider_type_id, p.is_cca, p.capacity,
  p.address1, p.city, p.zip, p.county, p.phone, p.operation_hours, p.location, p.languages, p.quality_rating,
  p.accepts_special_needs, p.weekend_care, p.evening_overnight_care, p.transportation, p.source`);

const toRecord = (row: SearchRow): ProviderRecord => ({
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
});

/**
 * The search, read from the database: nearest first when a location is known. The nearest page
 * (`q.limit`, the profile's page size) by the GiST `<->` order (degrees) bound the radius that
 * can hold the true nearest page, so the exact haversine pass only reads the rows inside that
 * small box.
 */
async function searchDirectory(db: Kysely<DB>, q: ProviderQuery): Promise<ProviderRecord[]> {
  const where = and(conditions(q));
  // The name terms as the search reads them: a term of punctuation alone ("-", "\\") folds to
  // nothing and is no term (it once left the ranking below empty: a syntax error, a 500).
  const terms = (
    [
      ['business_search', q.businessName],
      ['first_name_search', q.firstName],
      ['last_name_search', q.lastName],
    ] as const
  ).flatMap(([column, value]) => {
    const folded = value ? fold(value) : '';
    return folded ? [{ column, folded }] : [];
  });
  const hasTerms = terms.length > 0;
  // One statement whatever the search: the `<%` threshold is a setting of every session (db/database.ts).
  if (q.near) {
    const { point, miles } = q.near;
    const distance = haversine(point);
    const { rows } = await sql<SearchRow>`
      with knn as (
        select p.location from provider p
        where ${where} and p.location <@ ${boxAround(point, miles)}
        order by p.location <-> point(${point.longitude}::float8, ${point.latitude}::float8)
        limit ${q.limit}
      ), reach as (
        select least(${miles}::float8, coalesce(max(${distance}), ${miles}::float8)) as miles
        from knn p
      ), bounds as (
        select miles, ${boxAround(point, sql<number>`miles`)} as area from reach
      )
      select ${COLUMNS}, ${distance} as distance
      from provider p
      where ${where}
        and p.location <@ (select area from bounds)
        and ${distance} <= (select miles from bounds)
      order by distance, p.id
      limit ${q.limit}`.execute(db);
    return rows.map(toRecord);
  }
  const driver = q.city ? undefined : driverWord(q);
  if (driver) {
    // The typed word's near spellings from the vocabulary, each read in name order through
    // the word index: bounded work however many names share a common word. A ZIP code reads
    // the word's rows in that ZIP only (its own index); a city keeps the plain plan below.
    const { rows } = await sql<SearchRow>`
      with matched as (
        select v.word, word_similarity(${driver.word}, v.word) as sim
        from provider_name_vocabulary v
        where v.field = ${driver.field} and ${driver.word} <% v.word
        order by sim desc, v.word
        limit ${MATCHED_WORDS}
      ), hits as (
        select ${COLUMNS}, null::float8 as distance, m.sim,
          row_number() over (partition by p.id order by m.sim desc) as nth
        from matched m
        cross join lateral (
          select p.* from provider_name_word w
          join provider p on p.id = w.provider_id
          where w.field = ${driver.field} and w.word = m.word and ${where}
            ${q.zipCode ? sql`and w.zip = ${q.zipCode.slice(0, 5)}` : sql``}
          order by w.business_name, w.provider_id
          limit ${q.limit}
        ) p
      )
      select * from hits where nth = 1
      order by sim desc, business_name, id
      limit ${q.limit}`.execute(db);
    return rows.map(toRecord);
  }
  const similarity = hasTerms
    ? sql.join(
        terms.map(({ column, folded }) => sql`word_similarity(${folded}, ${sql.ref(`p.${column}`)})`),
        sql` + `,
      )
    : sql`null::float8`;
  const { rows } = await sql<SearchRow>`
    select ${COLUMNS}, null::float8 as distance
    from provider p
    where ${where}
    order by ${similarity} desc nulls last, p.business_name, p.id
    limit ${q.limit}`.execute(db);
  return rows.map(toRecord);
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

    search: (q: ProviderQuery): Promise<ProviderRecord[]> => searchDirectory(db, q),
  };
}
export type ProvidersRepository = ReturnType<typeof createProvidersRepository>;
