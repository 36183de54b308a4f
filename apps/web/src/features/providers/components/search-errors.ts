import { PROVIDER_SEARCH_LIMITS } from '@ccap/contracts';
import type { TFunction } from 'i18next';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { SummaryError } from '@/components/ui/error-summary';
import { type SearchErrorReason, type SearchErrors, searchErrors, type SearchForm as Form } from '../search-params';

/**
 * The search form's react-hook-form resolver: searchErrors, the API schema's rules written
 * without zod so that the page loads none (ADR 042), each reason kept as the error's `type`.
 */
export const searchResolver: Resolver<Form> = (values) => {
  const found = searchErrors(values);
  const fields = Object.keys(found) as (keyof Form)[];
  if (fields.length === 0) return { values, errors: {} };
  const errors: FieldErrors<Form> = {};
  for (const field of fields) errors[field] = { type: found[field]!, message: found[field] };
  return { values: {}, errors };
};

/** The reasons of the resolver's errors, as the page words them. */
export function reasonsOf(errors: FieldErrors<Form>): SearchErrors {
  const found: SearchErrors = {};
  for (const [field, error] of Object.entries(errors))
    if (error?.type) found[field as keyof Form] = error.type as SearchErrorReason;
  return found;
}

/**
 * Each field the API's schema can refuse, in the form's order: the id suffix of its control
 * and the key of its label. Both location fields are one control: the "Use my location" button.
 */
export const FIELDS = [
  ['searchText', 'q', 'searchText'],
  ['providerBusinessName', 'name', 'businessName'],
  ['firstName', 'first', 'firstName'],
  ['lastName', 'last', 'lastName'],
  ['countyId', 'county', 'county'],
  ['city', 'city', 'city'],
  ['zipCode', 'zip', 'zipCode'],
  ['nearThisAddress', 'address', 'nearThisAddress'],
  ['nearThisCityId', 'near-city', 'nearThisCity'],
  ['distance', 'distance', 'distance'],
  ['latitude', 'location', 'whereHeading'],
  ['longitude', 'location', 'whereHeading'],
  ['providerTypeId', 'type', 'providerType'],
  ['languageId', 'language', 'language'],
  ['qualityRating', 'rating', 'rating'],
  ['openingsFor', 'openings', 'openingsFor'],
] as const satisfies readonly (readonly [keyof Form, string, string])[];

/** The words for a field's error, if it has one. */
export function errorMessage(t: TFunction, errors: SearchErrors, field: keyof Form): string | undefined {
  switch (errors[field]) {
    case 'zipCode':
      return t('providerSearch.form.zipCodeInvalid');
    case 'tooLong':
      return t('providerSearch.form.tooLong', {
        max: PROVIDER_SEARCH_LIMITS.textMax[field as keyof typeof PROVIDER_SEARCH_LIMITS.textMax],
      });
    case 'choice':
      return t('providerSearch.form.choiceInvalid');
    case 'location':
      return t('providerSearch.form.locationInvalid');
    default:
      return undefined;
  }
}

/** The summary's entries, in the form's order, each leading to its control (ids `${id}-…`). */
export function summaryOf(t: TFunction, errors: SearchErrors, id: string): SummaryError[] {
  const entries: SummaryError[] = [];
  for (const [field, control, label] of FIELDS) {
    const message = errorMessage(t, errors, field);
    if (!message || entries.some((entry) => entry.field === `${id}-${control}`)) continue;
    entries.push({
      field: `${id}-${control}`,
      message: t('providerSearch.form.errorFor', { label: t(`providerSearch.form.${label}`), message }),
    });
  }
  return entries;
}
