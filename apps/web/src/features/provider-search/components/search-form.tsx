import { type LookupItem, ZIP_CODE_PATTERN } from '@ccap/contracts';
import { type FormEvent, type ReactNode, type Ref, useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { describedByOf, FieldMessages } from '@/components/ui/field-messages';
import { fieldClasses } from '@/components/ui/text-field';
import { useProviderCities, useSearchLookups } from '../api/get-search-options';
import type { SearchForm as Form } from '../search-params';

/** The spec's labels with an asterisk: a visual mark only, as in the spec nothing is required. */
function Label({ htmlFor, starred, children }: { htmlFor: string; starred?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block font-semibold">
      {children}
      {starred ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
}

function Field({
  id,
  label,
  starred,
  value,
  onChange,
  hint,
  error,
  inputRef,
  inputMode,
  autoComplete,
}: {
  id: string;
  label: string;
  starred?: boolean;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  inputMode?: 'numeric' | 'decimal' | 'text';
  autoComplete?: string;
}) {
  return (
    <div>
      <Label htmlFor={id} starred={starred}>
        {label}
      </Label>
      <FieldMessages id={id} hint={hint} error={error} />
      <input
        id={id}
        name={id}
        ref={inputRef}
        className={fieldClasses}
        value={value}
        inputMode={inputMode}
        autoComplete={autoComplete ?? 'off'}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, hint, error)}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function Select(props: {
  id: string;
  label: string;
  starred?: boolean;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <div>
      <Label htmlFor={props.id} starred={props.starred}>
        {props.label}
      </Label>
      <select
        id={props.id}
        name={props.id}
        className={fieldClasses}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Check({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <div className="flex min-h-11 items-center gap-3">
      <input
        id={id}
        name={id}
        type="checkbox"
        className="size-5 shrink-0"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

const byType = (items: LookupItem[] | undefined, type: LookupItem['lookupType']) =>
  (items ?? []).filter((item) => item.lookupType === type);

/** The search criteria of spec section 3, above the map. */
export function SearchForm({
  form,
  onChange,
  onSubmit,
  onUseLocation,
  locating,
}: {
  form: Form;
  onChange: (form: Form) => void;
  onSubmit: () => void;
  onUseLocation: () => void;
  locating: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const lookups = useSearchLookups().data?.data;
  // Some thousand cities: their options render at low priority, in slices, so the form is on
  // screen and answering input while they are built.
  const cities = useDeferredValue(useProviderCities().data);
  const cityOptions = useMemo(
    () => [
      { value: '', label: t('providerSearch.form.noCity') },
      ...(cities?.value ?? []).map((city) => ({ value: String(city.id), label: city.name })),
    ],
    [cities, t],
  );
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      onChange({
        ...form,
        [key]: value,
        ...(key === 'nearThisAddress' || key === 'nearThisCityId' ? { latitude: '', longitude: '' } : {}),
      });
  const usingLocation = form.latitude !== '' && form.longitude !== '';
  // Nothing is required (spec section 5), but a ZIP code that cannot be one is said at the field
  // before searching, rather than answered with a failed search.
  const [zipInvalid, setZipInvalid] = useState(false);
  const zipInput = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const zip = form.zipCode.trim();
    const invalid = zip !== '' && !ZIP_CODE_PATTERN.test(zip);
    setZipInvalid(invalid);
    if (invalid) zipInput.current?.focus();
    else onSubmit();
  };
  const f = (name: string) => `${id}-${name}`;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={f('heading')} className="space-y-6">
      <h2 id={f('heading')} className="text-xl font-bold">
        {t('providerSearch.form.heading')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field
          id={f('name')}
          label={t('providerSearch.form.businessName')}
          starred
          value={form.providerBusinessName}
          onChange={set('providerBusinessName')}
        />
        <Field
          id={f('first')}
          label={t('providerSearch.form.firstName')}
          starred
          value={form.firstName}
          onChange={set('firstName')}
        />
        <Field
          id={f('last')}
          label={t('providerSearch.form.lastName')}
          starred
          value={form.lastName}
          onChange={set('lastName')}
        />
        <Select
          id={f('county')}
          label={t('providerSearch.form.county')}
          value={form.countyId}
          onChange={set('countyId')}
          options={[
            { value: '', label: t('providerSearch.form.anyCounty') },
            ...byType(lookups, 'County').map((item) => ({ value: String(item.lookupId), label: item.name })),
          ]}
        />
        <Field
          id={f('city')}
          label={t('providerSearch.form.city')}
          starred
          value={form.city}
          onChange={set('city')}
          autoComplete="address-level2"
        />
        <Field
          id={f('zip')}
          label={t('providerSearch.form.zipCode')}
          starred
          value={form.zipCode}
          onChange={set('zipCode')}
          error={zipInvalid ? t('providerSearch.form.zipCodeInvalid') : undefined}
          inputRef={zipInput}
          inputMode="numeric"
          autoComplete="postal-code"
        />
      </div>
      <fieldset className="space-y-4 rounded-md border border-slate-300 p-4 dark:border-slate-600">
        <legend className="px-1 font-semibold">{t('providerSearch.form.whereHeading')}</legend>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Field
            id={f('address')}
            label={t('providerSearch.form.nearThisAddress')}
            starred
            hint={t('providerSearch.form.nearThisAddressHint')}
            value={form.nearThisAddress}
            onChange={set('nearThisAddress')}
            autoComplete="street-address"
          />
          <Select
            id={f('near-city')}
            label={t('providerSearch.form.nearThisCity')}
            value={form.nearThisCityId}
            onChange={set('nearThisCityId')}
            options={cityOptions}
          />
          <Select
            id={f('distance')}
            label={t('providerSearch.form.distance')}
            starred
            value={form.distance}
            onChange={set('distance')}
            options={['1', '2', '5', '10', '15', '25', '50', '100'].map((miles) => ({ value: miles, label: miles }))}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={onUseLocation} disabled={locating}>
            {locating ? t('providerSearch.form.locating') : t('providerSearch.form.useMyLocation')}
          </Button>
          {usingLocation ? (
            <p className="flex flex-wrap items-center gap-2">
              <span>{t('providerSearch.form.usingLocation')}</span>
              <Button variant="secondary" onClick={() => onChange({ ...form, latitude: '', longitude: '' })}>
                {t('providerSearch.form.forgetLocation')}
              </Button>
            </p>
          ) : null}
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
            options={[
              { value: '', label: t('providerSearch.form.anyRating') },
              ...['1', '2', '3', '4', '5'].map((rating) => ({
                value: rating,
                label: t('providerSearch.form.ratingAtLeast', { rating }),
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
      <Button type="submit">{t('providerSearch.form.search')}</Button>
    </form>
  );
}
