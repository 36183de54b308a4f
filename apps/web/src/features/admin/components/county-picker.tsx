import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { fieldErrorText } from '@/components/ui/form/error-messages';
import { Spinner } from '@/components/ui/spinner';
import { fieldClasses } from '@/components/ui/text-field';
import { intlFormatOf } from '@/lib/intl-format';
import { useProgramProfile } from '@/lib/program-profile';
import { unavailableMessage } from '@/lib/unavailable-message';

/**
 * Many counties (99 in the default profile) as a fieldset of checkboxes with a filter box:
 * native controls, so keyboard and screen reader use need nothing custom. Filtering only
 * hides boxes; what is chosen stays chosen.
 */
export function CountyPicker({
  id,
  counties,
  selected,
  onChange,
  error,
  legend,
  hint,
}: {
  /** The filter box's id, which the error summary links to. */
  id: string;
  counties: string[];
  selected: string[];
  onChange: (selected: string[]) => void;
  error?: string;
  /** The fieldset's legend and hint; the role grant's by default. */
  legend?: string;
  hint?: string;
}) {
  const { t, i18n } = useTranslation();
  const prefix = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLocaleLowerCase(i18n.language);
  const shown = needle
    ? counties.filter((county) => county.toLocaleLowerCase(i18n.language).includes(needle))
    : counties;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const listId = `${id}-list`;

  const toggle = (county: string, on: boolean) =>
    onChange(on ? counties.filter((c) => c === county || selected.includes(c)) : selected.filter((c) => c !== county));

  return (
    <fieldset aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}>
      <legend className="font-semibold">{legend ?? t('admin.grant.counties')}</legend>
      <p id={hintId} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {hint ?? t('admin.grant.countiesHint')}
      </p>
      {error ? (
        <p id={errorId} className="mt-1 font-semibold text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}

      <label htmlFor={id} className="mt-3 block">
        {t('admin.grant.filter')}
      </label>
      <input
        id={id}
        type="search"
        value={filter}
        autoComplete="off"
        spellCheck={false}
        aria-controls={listId}
        aria-describedby={countId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setFilter(event.target.value)}
        // Enter in the filter box filters; it must not send the whole form.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        className={`${fieldClasses} sm:max-w-xs`}
      />
      <p id={countId} aria-live="polite" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {t('admin.grant.showing', { count: shown.length, total: counties.length })}
      </p>

      <div
        id={listId}
        className="mt-2 max-h-72 overflow-y-auto rounded-md border border-slate-300 p-3 dark:border-slate-600"
      >
        {shown.length === 0 ? (
          <p>{t('admin.grant.noMatch')}</p>
        ) : (
          <ul className="grid gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((county) => (
              <li key={county} className="flex items-center gap-3">
                <input
                  id={`${prefix}-${county}`}
                  type="checkbox"
                  checked={selected.includes(county)}
                  onChange={(event) => toggle(county, event.target.checked)}
                  className="size-5 shrink-0 accent-blue-700 dark:accent-blue-400"
                />
                <label htmlFor={`${prefix}-${county}`}>{county}</label>
              </li>
            ))}
          </ul>
        )}
      </div>

      <p aria-live="polite" className="mt-2">
        {selected.length > 0
          ? t('admin.grant.selected', {
              count: selected.length,
              counties: intlFormatOf(i18n.language).list(selected),
            })
          : t('admin.grant.noneSelected')}
      </p>
    </fieldset>
  );
}

/**
 * The `counties` field of the surrounding form (its FormProvider) as a county picker, over the
 * program profile's counties: a spinner while they load, an alert if they cannot.
 */
export function CountyPickerField({ id, legend, hint }: { id: string; legend?: string; hint?: string }) {
  const { t } = useTranslation();
  const profile = useProgramProfile();
  const { field, fieldState } = useController<{ counties?: string[] }, 'counties'>({ name: 'counties' });
  if (profile.isError) {
    return <Alert tone="error">{unavailableMessage(t, profile.error) ?? t('admin.grant.countiesError')}</Alert>;
  }
  if (!profile.data) return <Spinner label={t('app.loading')} />;
  return (
    <CountyPicker
      id={id}
      legend={legend}
      hint={hint}
      counties={profile.data.counties}
      selected={field.value ?? []}
      onChange={field.onChange}
      error={fieldErrorText(t, fieldState.error)}
    />
  );
}
