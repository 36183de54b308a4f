import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldMessages } from './field-messages';

/** One radio button of a group: what is sent and what a person reads. */
export interface RadioOption {
  value: string;
  label: string;
}

/**
 * One choice out of a few, as radio buttons in a fieldset with its legend, hint and error.
 * The first radio carries the group's `id`, so the error summary's link lands on the group;
 * the others are `{idPrefix}-{value}`, and the hint and error `{idPrefix}-hint` and
 * `{idPrefix}-error` (`idPrefix` is the group's id unless told). The group is described by
 * its error while it has one, by its hint otherwise. `registration` is react-hook-form's
 * `register(name)`, given to every radio. `inline` sets short choices side by side.
 */
export function RadioGroupField({
  id,
  idPrefix = id,
  legend,
  hint,
  error,
  options,
  registration,
  inline = false,
}: {
  id: string;
  idPrefix?: string;
  legend: string;
  hint?: string;
  error?: string;
  options: readonly RadioOption[];
  registration: UseFormRegisterReturn;
  inline?: boolean;
}) {
  const describedBy = error ? `${idPrefix}-error` : hint ? `${idPrefix}-hint` : undefined;
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="font-semibold">{legend}</legend>
      <FieldMessages id={idPrefix} hint={hint} error={error} />
      <div className={inline ? 'mt-2 flex flex-wrap gap-6' : 'mt-2 space-y-2'}>
        {options.map((option, index) => {
          const optionId = index === 0 ? id : `${idPrefix}-${option.value}`;
          return (
            <div key={option.value} className={inline ? 'flex items-center gap-2' : 'flex items-center gap-3'}>
              <input
                id={optionId}
                type="radio"
                value={option.value}
                className="size-5 shrink-0 accent-blue-700 dark:accent-blue-400"
                {...registration}
              />
              <label htmlFor={optionId}>{option.label}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
