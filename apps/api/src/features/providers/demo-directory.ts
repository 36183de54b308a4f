import { type ProviderOperationHours, providerDayNames } from '@ccap/contracts';
import type { Gazetteer } from './gazetteer';
import type { ProviderInput } from './providers.repository';

/** A small, seeded random generator (mulberry32): the same seed gives the same directory. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}

const FIRST_NAMES = [
  'Mary',
  'Patricia',
  'Jennifer',
  'Linda',
  'Elizabeth',
  'Barbara',
  'Susan',
  'Jessica',
  'Sarah',
  'Karen',
  'Lisa',
  'Nancy',
  'Betty',
  'Sandra',
  'Ashley',
  'Emily',
  'Michelle',
  'Amanda',
  'Melissa',
  'Deborah',
  'Stephanie',
  'Rebecca',
  'Laura',
  'Amy',
  'Angela',
  'Heather',
  'Rachel',
  'Megan',
  'Andrea',
  'Julie',
  'María',
  'José',
  'Lucía',
  'Sofía',
  'Zoë',
  'Renée',
  'Chloé',
  'Amira',
  'Fatima',
  'Mai',
  'Linh',
  'Hana',
  'Aisha',
  'Grace',
  'Hope',
  'James',
  'John',
  'Robert',
  'Michael',
  'David',
] as const;
const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Wilson',
  'Anderson',
  'Taylor',
  'Thomas',
  'Moore',
  'Martin',
  'Jackson',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Allen',
  'Young',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Adams',
  'Nelson',
  'Schmidt',
  'Larson',
  'Olson',
  'Peterson',
  'Hansen',
  'Nguyen',
  'Tran',
  'García',
  'Hernández',
  'Muñoz',
  'Pérez',
  'Núñez',
  'Ibáñez',
  'Hassan',
  'Ali',
  'Begić',
  'Hodžić',
  'Mohamed',
  'Kowalski',
  'Novák',
] as const;
const ADJECTIVES = [
  'Sunshine',
  'Little',
  'Happy',
  'Bright',
  'Busy',
  'Tiny',
  'Rainbow',
  'Golden',
  'Cozy',
  'Gentle',
  'Prairie',
  'Meadow',
  'Harvest',
  'Willow',
  'Maple',
  'Cedar',
  'Blue Sky',
  'Clover',
  'Bumblebee',
  'Cardinal',
] as const;
const NOUNS = [
  'Acorns',
  'Sprouts',
  'Explorers',
  'Learners',
  'Hands',
  'Hearts',
  'Steps',
  'Stars',
  'Friends',
  'Garden',
  'Nest',
  'Cottage',
  'House',
  'Kids',
  'Treehouse',
  'Ladybugs',
  'Owls',
  'Bears',
  'Lambs',
  'Ducklings',
] as const;
const KINDS = [
  'Child Care',
  'Daycare',
  'Child Development Home',
  'Early Learning',
  'Family Child Care',
  'Playhouse',
] as const;
const STREETS = [
  'Main',
  'Oak',
  'Maple',
  'Park',
  'Elm',
  'Washington',
  'Lincoln',
  'Walnut',
  'Cedar',
  'Grand',
  'Pleasant',
  'Hickory',
  'Prairie',
  'University',
  'Ingersoll',
  'Locust',
  'Jefferson',
  'Madison',
  'River',
  'Hill',
] as const;
const STREET_TYPES = ['St', 'Ave', 'Dr', 'Ln', 'Ct', 'Rd', 'Blvd'] as const;
const OTHER_LANGUAGES = ['es', 'vi', 'ar', 'bs', 'sw', 'zh', 'fr', 'my', 'so'] as const;

/** Capacity ranges by provider type code (Iowa: CDH A up to 8, B up to 12, C up to 16; homes 5). */
const CAPACITY: Record<string, [number, number]> = {
  'registered-cdh': [6, 16],
  'non-registered-home': [2, 5],
  'non-registered-in-home': [1, 4],
};

const pad = (n: number) => String(n).padStart(2, '0');
const time = (minutes: number) => `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;

export interface DemoDirectoryOptions {
  size: number;
  seed?: number;
  /** ProviderType lookup ids by code. */
  providerTypeIds: Record<string, number>;
}

/**
 * A realistic, deterministic demonstration directory: providers placed within a few miles of
 * the program state's real ZIP centroids, with plausible names, hours, capacities and
 * services. License numbers start with DEMO- and every row is marked as demonstration data.
 */
export function* generateDemoDirectory(gazetteer: Gazetteer, options: DemoDirectoryOptions): Generator<ProviderInput> {
  const random = seededRandom(options.seed ?? 20_240_801);
  const types = Object.entries(options.providerTypeIds);
  for (let index = 1; index <= options.size; index++) {
    const place = random.pick(gazetteer.places);
    const firstName = random.pick(FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const style = random.int(0, 2);
    const businessName =
      style === 0
        ? `${lastName} ${random.pick(KINDS)}`
        : style === 1
          ? `${random.pick(ADJECTIVES)} ${random.pick(NOUNS)} ${random.pick(KINDS)}`
          : `${firstName}'s ${random.pick(ADJECTIVES)} ${random.pick(NOUNS)}`;
    // Weighted toward registered homes, the program's most common type.
    const [typeCode, typeId] = random.chance(0.6) ? (types[0] ?? ['registered-cdh', 1]) : random.pick(types);
    const [minCapacity, maxCapacity] = CAPACITY[typeCode] ?? [2, 12];
    const weekendCare = random.chance(0.15);
    const eveningOvernightCare = random.chance(0.2);
    const opens = random.int(10, 16) * 30; // 05:00 to 08:00
    const closes = eveningOvernightCare ? random.int(42, 47) * 30 : random.int(33, 37) * 30; // to 23:30 or 18:30
    const days = weekendCare ? providerDayNames : providerDayNames.slice(0, 5);
    const operationHours: ProviderOperationHours[] = days.map((DayName) => ({
      DayName,
      starttime: time(opens),
      endtime: time(closes),
    }));
    // Up to about 3 miles from the ZIP centroid.
    const miles = 3 * Math.sqrt(random.next());
    const angle = 2 * Math.PI * random.next();
    const latitude = place.latitude + (miles * Math.sin(angle)) / 69;
    const longitude =
      place.longitude + (miles * Math.cos(angle)) / (69.172 * Math.cos((place.latitude * Math.PI) / 180));
    const languages = ['en', ...(random.chance(0.25) ? [random.pick(OTHER_LANGUAGES)] : [])];
    yield {
      licenseNumber: `DEMO-${String(index).padStart(7, '0')}`,
      businessName,
      ownerFirstName: firstName,
      ownerLastName: lastName,
      providerTypeId: typeId,
      isCca: random.chance(0.8),
      capacity: random.int(minCapacity, maxCapacity),
      address1: `${random.int(100, 9999)} ${random.pick(STREETS)} ${random.pick(STREET_TYPES)}`,
      city: place.city,
      zip: place.zip,
      county: place.county,
      phone: `515-555-${String(random.int(100, 199)).padStart(4, '0')}`,
      operationHours,
      latitude: Math.round(latitude * 1e6) / 1e6,
      longitude: Math.round(longitude * 1e6) / 1e6,
      languages,
      qualityRating: random.chance(0.7) ? random.int(1, 5) : null,
      acceptsSpecialNeeds: random.chance(0.3),
      weekendCare,
      eveningOvernightCare,
      transportation: random.chance(0.2),
      source: 'demonstration',
    };
  }
}
