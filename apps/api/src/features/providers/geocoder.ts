import type { ProviderSearchConfig } from '../../env';
import type { Gazetteer } from './gazetteer';

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** Turns the text of "near this address" into a point, or null when nothing matches. */
export interface Geocoder {
  readonly name: string;
  geocode(text: string): Promise<GeoPoint | null>;
}

/**
 * Offline: a ZIP code in the text gives its centroid; otherwise a city of the program's
 * state named in the text ("Ames", "123 Main St, Ames, IA"), longest name first.
 */
export function createOfflineGeocoder(gazetteer: Gazetteer): Geocoder {
  const cityNames = [...gazetteer.cities].sort((a, b) => b.name.length - a.name.length);
  return {
    name: 'offline',
    geocode(text) {
      const zip = /\b(\d{5})(?:-\d{4})?\b/.exec(text)?.[1];
      const place = zip ? gazetteer.zip(zip) : undefined;
      if (place) return Promise.resolve({ latitude: place.latitude, longitude: place.longitude });
      const folded = ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
      const city = cityNames.find((candidate) => {
        const name = candidate.name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ');
        return folded.includes(` ${name} `);
      });
      return Promise.resolve(city ? { latitude: city.latitude, longitude: city.longitude } : null);
    },
  };
}

type Fetch = typeof fetch;

/** The US Census Bureau's one-line address geocoder (street addresses, no key). */
export function createCensusGeocoder(baseUrl: string, fetchImpl: Fetch = fetch): Geocoder {
  return {
    name: 'census',
    async geocode(text) {
      const url = new URL('/geocoder/locations/onelineaddress', baseUrl);
      url.search = new URLSearchParams({ address: text, benchmark: 'Public_AR_Current', format: 'json' }).toString();
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) throw new Error(`Census geocoder answered ${response.status}`);
      const body = (await response.json()) as {
        result?: { addressMatches?: { coordinates?: { x: number; y: number } }[] };
      };
      const match = body.result?.addressMatches?.[0]?.coordinates;
      return match ? { latitude: match.y, longitude: match.x } : null;
    },
  };
}

/** A Nominatim server (OpenStreetMap); the agency's own instance for volume. */
export function createNominatimGeocoder(baseUrl: string, fetchImpl: Fetch = fetch): Geocoder {
  return {
    name: 'nominatim',
    async geocode(text) {
      const url = new URL('/search', baseUrl);
      url.search = new URLSearchParams({ q: text, format: 'jsonv2', limit: '1', countrycodes: 'us' }).toString();
      const response = await fetchImpl(url, {
        signal: AbortSignal.timeout(5_000),
        headers: { 'user-agent': 'ccap-provider-portal' },
      });
      if (!response.ok) throw new Error(`Nominatim answered ${response.status}`);
      const body = (await response.json()) as { lat: string; lon: string }[];
      const first = body[0];
      return first ? { latitude: Number(first.lat), longitude: Number(first.lon) } : null;
    },
  };
}

/** An online geocoder first; the offline gazetteer when it finds nothing (a bare ZIP or city). */
export function withOfflineFallback(online: Geocoder, offline: Geocoder): Geocoder {
  return {
    name: online.name,
    async geocode(text) {
      return (await online.geocode(text)) ?? offline.geocode(text);
    },
  };
}

/** The configured geocoder: offline by default, an online service (with the offline fallback) by GEOCODER. */
export function createGeocoder(config: ProviderSearchConfig['geocoder'], gazetteer: Gazetteer): Geocoder {
  const offline = createOfflineGeocoder(gazetteer);
  if (config.kind === 'census') return withOfflineFallback(createCensusGeocoder(config.url), offline);
  if (config.kind === 'nominatim') return withOfflineFallback(createNominatimGeocoder(config.url), offline);
  return offline;
}
