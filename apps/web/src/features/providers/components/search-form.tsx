import { type LookupItem, OPENING_AGE_GROUPS } from '@ccap/contracts';
import { useDeferredValue, useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { useLookups } from '@/api/get-lookups';
import { useProviderCities } from '../api/get-search-options';
import { distanceChoices, type SearchDefaults, type SearchErrors, type SearchForm as Form } from '../search-params';
import { errorMessage, FIELDS, reasonsOf, searchResolver, summaryOf } from './search-errors';
import { Check, Field, Select } from './search-fields';

const byType = (items: LookupItem[] | undefined, type: LookupItem['lookupType']) =>
  (items ?? []).filter((item) => item.lookupType === type);

/**
 * The search criteria of spec section 3, above the map. Nothing is required (spec section 5),
 * but what the API would refuse (a ZIP code that cannot be one, a name too long) is said at
 * its field before searching, rather than answered with a failed search. `errors` are the
 * page's: from the last press of Search, or from the link the page was opened with.
 */
export function SearchForm({
  initial,
  defaults,
  onSubmit,
  onUseLocation,
  locating,
  errors,
  onInvalid,
  summaryTakesFocus,
  filtersOpen,
  onToggleFilters,
}: {
  /** The URL's search: the form starts from it (and is keyed by it, so it starts again). */
  initial: Form;
  /** The program profile's defaults: its distance is always among the choices. */
  defaults: SearchDefaults;
  onSubmit: (form: Form) => void;
  onUseLocation: (form: Form) => void;
  locating: boolean;
  errors: SearchErrors;
  onInvalid: (errors: SearchErrors) => void;
  /** The summary takes focus for a link's errors; after a press of Search, the first field does. */
  summaryTakesFocus: boolean;
  /** The criteria other than the one box: shown on demand (a disclosure), and for their errors. */
  filtersOpen: boolean;
  onToggleFilters: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const lookups = useLookups().data?.data;
  // Some thousand cities, asked for when the filters open: their options render at low priority,
  // in slices, so the form answers input while they are built.
  const cities = useDeferredValue(useProviderCities(filtersOpen).data);
  const cityOptions = useMemo(
    () => [
      { value: '', label: t('providerSearch.form.noCity') },
      ...(cities?.value ?? []).map((city) => ({ value: String(city.id), label: city.name })),
    ],
    [cities, t],
  );
  // react-hook-form holds the values and checks them with the rules of the API's schema, written
  // without zod (search-params.ts's searchErrors, ADR 042) and wrapped as its resolver.
  const { control, setValue, handleSubmit, getValues } = useForm<Form>({
    defaultValues: initial,
    resolver: searchResolver,
    shouldFocusError: false,
  });
  const form: Form = { ...initial, ...useWatch({ control }) };
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) => {
      setValue(key, value as never);
      // An address or a city typed replaces the browser's location.
      if (key === 'nearThisAddress' || key === 'nearThisCityId') {
        setValue('latitude', '');
        setValue('longitude', '');
      }
    };
  const usingLocation = form.latitude !== '' && form.longitude !== '';
  const f = (name: string) => `${id}-${name}`;
  const messageOf = (field: keyof Form) => errorMessage(t, errors, field);
  const locationError = messageOf('latitude') ?? messageOf('longitude');
  // One array per set of errors: the summary moves focus when it changes, not on every render.
  const summary = useMemo(() => summaryOf(t, errors, id), [t, errors, id]);
  const submit = handleSubmit(onSubmit, (fieldErrors) => {
    const found = reasonsOf(fieldErrors);
    const first = FIELDS.find(([field]) => found[field]);
    onInvalid(found);
    // A field among the filters is on screen once the page has opened them for its error.
    if (first) requestAnimationFrame(() => document.getElementById(f(first[1]))?.focus());
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={f('heading')} className="space-y-4">
      <h2 id={f('heading')} className="sr-only">
        {t('providerSearch.form.heading')}
      </h2>
      <ErrorSummary title={t('forms.errorSummary')} errors={summary} takeFocus={summaryTakesFocus} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <Field
            id={f('q')}
            label={t('providerSearch.form.searchText')}
            hint={t('providerSearch.form.searchTextHint')}
            value={form.searchText}
            onChange={set('searchText')}
            error={messageOf('searchText')}
          />
        </div>
        <div className="sm:w-44">
          <Select
            id={f('distance')}
            label={t('providerSearch.form.distance')}
            value={form.distance}
            onChange={set('distance')}
            error={messageOf('distance')}
            options={distanceChoices(form, defaults).map((miles) => ({ value: miles, label: miles }))}
          />
        </div>
        <Button type="submit">{t('providerSearch.form.search')}</Button>
      </div>
      {locationError ? (
        <p id={f('location-error')} className="font-semibold text-red-700 dark:text-red-300">
          {locationError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          id={f('location')}
          variant="secondary"
          onClick={() => onUseLocation(getValues())}
          disabled={locating}
          aria-describedby={locationError ? f('location-error') : undefined}
        >
          {locating ? t('providerSearch.form.locating') : t('providerSearch.form.useMyLocation')}
        </Button>
        <Button variant="secondary" aria-expanded={filtersOpen} aria-controls={f('filters')} onClick={onToggleFilters}>
          {t('providerSearch.form.moreFilters')}
        </Button>
        {usingLocation ? (
          <p className="flex flex-wrap items-center gap-2">
            <span>{t('providerSearch.form.usingLocation')}</span>
            <Button
              variant="secondary"
              onClick={() => {
                setValue('latitude', '');
                setValue('longitude', '');
              }}
            >
              {t('providerSearch.form.forgetLocation')}
            </Button>
          </p>
        ) : null}
      </div>
      {/* The filters are built when opened: a page that starts with the one box never renders them. */}
      <div id={f('filters')} hidden={!filtersOpen} className="space-y-6">
        {filtersOpen ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Field
                id={f('name')}
                label={t('providerSearch.form.businessName')}
                value={form.providerBusinessName}
                onChange={set('providerBusinessName')}
                error={messageOf('providerBusinessName')}
              />
              <Field
                id={f('first')}
                label={t('providerSearch.form.firstName')}
                value={form.firstName}
                onChange={set('firstName')}
                error={messageOf('firstName')}
              />
              <Field
                id={f('last')}
                label={t('providerSearch.form.lastName')}
                value={form.lastName}
                onChange={set('lastName')}
                error={messageOf('lastName')}
              />
              <Select
                id={f('county')}
                label={t('providerSearch.form.county')}
                value={form.countyId}
                onChange={set('countyId')}
                error={messageOf('countyId')}
                options={[
                  { value: '', label: t('providerSearch.form.anyCounty') },
                  ...byType(lookups, 'County').map((item) => ({ value: String(item.lookupId), label: item.name })),
                ]}
              />
              <Field
                id={f('city')}
                label={t('providerSearch.form.city')}
                value={form.city}
                onChange={set('city')}
                error={messageOf('city')}
                autoComplete="address-level2"
              />
              <Field
                id={f('zip')}
                label={t('providerSearch.form.zipCode')}
                value={form.zipCode}
                onChange={set('zipCode')}
                error={messageOf('zipCode')}
                inputMode="numeric"
                autoComplete="postal-code"
              />
            </div>
            <fieldset className="space-y-4 rounded-md border border-slate-300 p-4 dark:border-slate-600">
              <legend className="px-1 font-semibold">{t('providerSearch.form.whereHeading')}</legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  id={f('address')}
                  label={t('providerSearch.form.nearThisAddress')}
                  hint={t('providerSearch.form.nearThisAddressHint')}
                  value={form.nearThisAddress}
                  onChange={set('nearThisAddress')}
                  error={messageOf('nearThisAddress')}
                  autoComplete="street-address"
                />
                <Select
                  id={f('near-city')}
                  label={t('providerSearch.form.nearThisCity')}
                  value={form.nearThisCityId}
                  onChange={set('nearThisCityId')}
                  error={messageOf('nearThisCityId')}
                  options={cityOptions}
                />
              </div>
            </fieldset>
            <fieldset className="space-y-4 rounded-md border border-slate-300 p-4 dark:border-slate-600">
              <legend className="px-1 font-semibold">{t('providerSearch.form.filtersHeading')}</legend>
              <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                <Select
                  id={f('type')}
                  label={t('providerSearch.form.providerType')}
                  value={form.providerTypeId}
                  onChange={set('providerTypeId')}
                  error={messageOf('providerTypeId')}
                  options={[
                    ...byType(lookups, 'ProviderType').map((item) => ({
                      value: String(item.lookupId),
                      label: t(`application.lookups.ProviderType.${item.code}`, { defaultValue: item.name }),
                    })),
                    { value: '', label: t('providerSearch.form.anyType') },
                  ]}
                />
                <Select
                  id={f('language')}
                  label={t('providerSearch.form.language')}
                  value={form.languageId}
                  onChange={set('languageId')}
                  error={messageOf('languageId')}
                  options={[
                    { value: '', label: t('providerSearch.form.anyLanguage') },
                    ...byType(lookups, 'Language').map((item) => ({
                      value: String(item.lookupId),
                      label: t(`application.lookups.Language.${item.code}`, { defaultValue: item.name }),
                    })),
                  ]}
                />
                <Select
                  id={f('rating')}
                  label={t('providerSearch.form.rating')}
                  value={form.qualityRating}
                  onChange={set('qualityRating')}
                  error={messageOf('qualityRating')}
                  options={[
                    { value: '', label: t('providerSearch.form.anyRating') },
                    ...['1', '2', '3', '4', '5'].map((rating) => ({
                      value: rating,
                      label: t('providerSearch.form.ratingAtLeast', { rating }),
                    })),
                  ]}
                />
                <Select
                  id={f('openings')}
                  label={t('providerSearch.form.openingsFor')}
                  value={form.openingsFor}
                  onChange={set('openingsFor')}
                  error={messageOf('openingsFor')}
                  options={[
                    { value: '', label: t('providerSearch.form.anyOpenings') },
                    ...OPENING_AGE_GROUPS.map((ageGroup) => ({
                      value: ageGroup,
                      label: t(`application.lookups.AgeGroup.${ageGroup}`),
                    })),
                  ]}
                />
              </div>
              <div className="grid gap-x-6 sm:grid-cols-2">
                <Check
                  id={f('cca')}
                  label={t('providerSearch.form.acceptsCca')}
                  checked={form.acceptsCcaChildren}
                  onChange={set('acceptsCcaChildren')}
                />
                <Check
                  id={f('special-needs')}
                  label={t('providerSearch.services.specialNeeds')}
                  checked={form.acceptsChildrenWithSpecialNeeds}
                  onChange={set('acceptsChildrenWithSpecialNeeds')}
                />
                <Check
                  id={f('weekend')}
                  label={t('providerSearch.services.weekend')}
                  checked={form.providesWeekendCare}
                  onChange={set('providesWeekendCare')}
                />
                <Check
                  id={f('evening')}
                  label={t('providerSearch.services.evening')}
                  checked={form.providesEveningOvernightCare}
                  onChange={set('providesEveningOvernightCare')}
                />
                <Check
                  id={f('transport')}
                  label={t('providerSearch.services.transportation')}
                  checked={form.providesTransportation}
                  onChange={set('providesTransportation')}
                />
              </div>
            </fieldset>
          </>
        ) : null}
      </div>
    </form>
  );
}
