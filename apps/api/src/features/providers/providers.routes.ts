import {
  ADDRESS_NOT_FOUND,
  addressNotFoundProblemType,
  type ParsedProviderSearchCriteria,
  problemSchema,
  providerCitiesResponseSchema,
  providerSearchCriteriaSchema,
  providerSearchResponseSchema,
  providerSearchSettingsSchema,
} from '@ccap/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProviderSearchConfig } from '../../env';
import { HttpProblem } from '../../plugins/problem';
import { perMinute } from '../../plugins/rate-limits';
import { type Gazetteer, gazetteerFor } from './gazetteer';
import { createGeocoder, type GeoPoint, type Geocoder } from './geocoder';

export interface ProvidersRoutesOptions {
  config: ProviderSearchConfig;
  /** Searches a minute per client address. */
  searchPerMinute: number;
  /** Tests hand in their own; by default the configured one over the profile's gazetteer. */
  geocoder?: Geocoder;
}

/**
 * The one box's text read as the criterion it is (the contract's `searchText`): a ZIP code or an
 * address, a city of the program's state ("Ames" or "Ames, IA"), else a business name.
 */
export function readSearchText(
  criteria: ParsedProviderSearchCriteria,
  gazetteer: Gazetteer,
): ParsedProviderSearchCriteria {
  const text = criteria.searchText?.trim();
  if (!text) return criteria;
  const hasLocation = criteria.nearThisAddress != null || criteria.nearThisCityId != null || criteria.latitude != null;
  if (/\d/.test(text)) return hasLocation ? criteria : { ...criteria, nearThisAddress: text };
  const state = new RegExp(`[,\\s]+${gazetteer.stateCode}$`, 'i');
  const city = gazetteer.cityByName(text.replace(state, ''));
  if (city) return hasLocation ? criteria : { ...criteria, nearThisCityId: city.id };
  return criteria.providerBusinessName ? criteria : { ...criteria, providerBusinessName: text };
}

/** Where distances are measured from: the address, else the city, else the browser's location. */
async function locate(
  criteria: ParsedProviderSearchCriteria,
  gazetteer: Gazetteer,
  geocoder: Geocoder,
): Promise<GeoPoint | undefined> {
  if (criteria.nearThisAddress) {
    let found: GeoPoint | null;
    try {
      found = await geocoder.geocode(criteria.nearThisAddress);
    } catch {
      throw new HttpProblem(502, 'geocoderDown', {
        type: addressNotFoundProblemType,
        errors: [{ path: 'nearThisAddress', message: 'The geocoding service did not answer' }],
      });
    }
    if (!found) {
      throw new HttpProblem(422, 'addressNotFound', {
        type: addressNotFoundProblemType,
        errors: [{ path: 'nearThisAddress', message: ADDRESS_NOT_FOUND }],
      });
    }
    return found;
  }
  if (criteria.nearThisCityId != null) {
    const city = gazetteer.cityById(criteria.nearThisCityId);
    if (!city) {
      throw new HttpProblem(400, 'unknownCity', {
        type: 'urn:ccap:problem:validation',
        errors: [{ path: 'nearThisCityId', message: 'is not a known city' }],
      });
    }
    return { latitude: city.latitude, longitude: city.longitude };
  }
  if (criteria.latitude != null && criteria.longitude != null) {
    return { latitude: criteria.latitude, longitude: criteria.longitude };
  }
  return undefined;
}

/** Spec section 7's POST Providers and what the search page needs besides it. Public. */
export const providersRoutes: FastifyPluginAsyncZod<ProvidersRoutesOptions> = async (app, options) => {
  const { providers } = app.repositories;
  const gazetteer = gazetteerFor(app.programProfile);
  const geocoder = options.geocoder ?? createGeocoder(options.config.geocoder, gazetteer);
  // The program's own page size and defaults (DESIGN.md section 7: a state sets them, no code).
  const { pageSize, defaultDistanceMiles, defaultProviderTypeId } = app.programProfile.search;

  app.post(
    '/api/Providers',
    {
      config: { access: 'public', ...perMinute(options.searchPerMinute) },
      schema: {
        tags: ['providers'],
        summary: `Search the provider directory: a page of ${pageSize} from \`skip\`, nearest first when a location is known, and how many match in all`,
        body: providerSearchCriteriaSchema,
        response: {
          200: providerSearchResponseSchema,
          400: problemSchema,
          422: problemSchema,
          429: problemSchema,
          502: problemSchema,
        },
      },
    },
    async (request) => {
      const criteria = readSearchText(request.body, gazetteer);
      const origin = await locate(criteria, gazetteer, geocoder);
      const page = await providers.search({
        businessName: criteria.providerBusinessName,
        firstName: criteria.firstName,
        lastName: criteria.lastName,
        countyId: criteria.countyId,
        city: criteria.city,
        zipCode: criteria.zipCode,
        // Absent is the profile's type; null, as the spec's criteria say, is every type.
        providerTypeId: criteria.providerTypeId === undefined ? defaultProviderTypeId : criteria.providerTypeId,
        acceptsCcaChildren: criteria.acceptsCcaChildren,
        acceptsChildrenWithSpecialNeeds: criteria.acceptsChildrenWithSpecialNeeds,
        providesWeekendCare: criteria.providesWeekendCare,
        providesEveningOvernightCare: criteria.providesEveningOvernightCare,
        providesTransportation: criteria.providesTransportation,
        languageId: criteria.languageId,
        qualityRating: criteria.qualityRating,
        openingsFor: criteria.openingsFor,
        // Closures, openings and lapsed approvals are read on the program's day (ADR 102, 107).
        today: app.clock.today(),
        near: origin ? { point: origin, miles: criteria.distance ?? defaultDistanceMiles } : undefined,
        limit: pageSize,
        offset: criteria.skip ?? 0,
      });
      return { count: page.total, value: page.value, origin: origin ?? null };
    },
  );

  app.get(
    '/api/Providers/cities',
    {
      config: { access: 'public' },
      schema: {
        tags: ['providers'],
        summary: "The program state's cities for 'near this city' (id: the city's lowest ZIP code)",
        response: { 200: providerCitiesResponseSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=3600');
      return { value: gazetteer.cities.map(({ id, name }) => ({ id, name })) };
    },
  );

  app.get(
    '/api/Providers/settings',
    {
      config: { access: 'public' },
      schema: {
        tags: ['providers'],
        summary: 'Map tiles and whether the directory holds demonstration data',
        response: { 200: providerSearchSettingsSchema },
      },
    },
    async () => ({
      tileUrl: options.config.tileUrl,
      tileAttribution: options.config.tileAttribution,
      hasDemonstrationData: (await providers.countBySource('demonstration')) > 0,
    }),
  );
};
