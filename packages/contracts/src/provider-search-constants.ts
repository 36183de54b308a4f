// No zod here: the web's provider search reads these without loading the schemas (ADR 042).

/** Spec section 9: page size, default distance (miles), default provider type, map zoom, dev location. */
export const PROVIDER_SEARCH = {
  pageSize: 50,
  defaultDistance: 5,
  maxDistance: 100,
  defaultProviderTypeId: 1,
  mapZoom: 10,
  devLocation: { latitude: 41.57663, longitude: -93.82942 },
} as const;

/** Why a location-based search found no place: the reason the page shows after 'Error geocoding address:'. */
export const ADDRESS_NOT_FOUND = 'Address not found';
export const addressNotFoundProblemType = 'urn:ccap:problem:address-not-found';
