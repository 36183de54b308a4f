import { type ReactNode, useEffect } from 'react';
import { get, type RegisterOptions, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { describedByOf, FieldMessages } from '@/components/ui/field-messages';
import { fieldClasses } from '@/components/ui/text-field';
import { errorText, fieldIdOf } from '@/components/ui/form/error-messages';
import { useFieldLabel } from '@/components/ui/form/field-labels';

/** The translated error of a field of the current step form, if any. */
function useFieldError(name: string): string | undefined {
  const { t } = useTranslation();
  const {
    formState: { errors },
  } = useFormContext();
  const error: { message?: string; root?: { message?: string } } | undefined = get(errors, name);
  const message = error?.message ?? error?.root?.message;
  return message === undefined ? undefined : errorText(t, message);
}

/** The field's hint and error, then the control, told which ids describe it. */
function Described({
  id,
  hint,
  error,
  children,
}: {
  id: string;
  hint?: string;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  return (
    <>
      <FieldMessages id={id} hint={hint} error={error} />
      {children(describedByOf(id, hint, error))}
    </>
  );
}

type InputKind = 'text' | 'email' | 'tel' | 'date' | 'time' | 'number' | 'money';

/**
 * A labelled input bound to the step form by its path ("providerInfo.firstName"). Numbers
 * are stored as numbers (empty stays undefined, so "required" is what the user hears).
 */
export function InputField({
  name,
  label,
  hint,
  kind = 'text',
  autoComplete,
  className,
  describedByNote,
}: {
  name: string;
  label: string;
  hint?: string;
  kind?: InputKind;
  autoComplete?: string;
  className?: string;
  /** The id of a note elsewhere on the page that also describes this field (said once, read with each). */
  describedByNote?: string;
}) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = fieldIdOf(name);
  useFieldLabel(name, label);
  const numeric = kind === 'number' || kind === 'money';
  const options: RegisterOptions = numeric
    ? {
        setValueAs: (value: unknown) =>
          value === '' || value === null || value === undefined ? undefined : Number(value),
      }
    : { setValueAs: (value: unknown) => (value === '' ? undefined : value) };
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <Described id={id} hint={hint} error={error}>
        {(describedBy) => (
          <input
            id={id}
            type={kind === 'money' ? 'number' : kind}
            step={kind === 'money' ? '0.01' : kind === 'number' ? '1' : undefined}
            min={numeric ? 0 : undefined}
            inputMode={kind === 'money' ? 'decimal' : kind === 'number' ? 'numeric' : undefined}
            autoComplete={autoComplete}
            aria-invalid={error ? true : undefined}
            aria-describedby={[describedBy, describedByNote].filter(Boolean).join(' ') || undefined}
            className={fieldClasses}
            {...register(name, options)}
          />
        )}
      </Described>
    </div>
  );
}

export interface Choice {
  value: string;
  label: string;
}

/** A native select: the most robust choice list for keyboards, phones and screen readers. */
export function SelectField({
  name,
  label,
  hint,
  choices,
  autoComplete,
}: {
  name: string;
  label: string;
  hint?: string;
  choices: Choice[];
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  const { register, getValues, setValue } = useFormContext();
  const error = useFieldError(name);
  const id = fieldIdOf(name);
  useFieldLabel(name, label);
  // A stored answer no longer among the choices (the program's county list changed, another
  // provider type was chosen) is cleared, so the field asks again instead of keeping, unseen, an
  // answer the submission would refuse.
  useEffect(() => {
    const value: unknown = getValues(name);
    if (typeof value === 'string' && value !== '' && !choices.some((choice) => choice.value === value)) {
      setValue(name, undefined);
    }
  }, [choices, getValues, name, setValue]);
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <Described id={id} hint={hint} error={error}>
        {(describedBy) => (
          <select
            id={id}
            autoComplete={autoComplete}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={fieldClasses}
            {...register(name, { setValueAs: (value: unknown) => (value === '' ? undefined : value) })}
          >
            <option value="">{t('application.wizard.select')}</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        )}
      </Described>
    </div>
  );
}

/** One checkbox whose value is a boolean (consents, yes/no facts). */
export function CheckboxField({ name, label }: { name: string; label: string }) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = fieldIdOf(name);
  useFieldLabel(name, label);
  return (
    <div>
      {error ? (
        <p id={`${id}-error`} className="mb-1 font-semibold text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 size-6 shrink-0 accent-blue-700"
          {...register(name)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
    </div>
  );
}

/**
 * A group of radio buttons or checkboxes in a fieldset with its legend. The first input
 * carries the group's id, so the error summary can move focus to the group.
 */
export function ChoiceGroup({
  name,
  legend,
  hint,
  choices,
  multiple = false,
}: {
  name: string;
  legend: string;
  hint?: string;
  choices: Choice[];
  multiple?: boolean;
}) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  const id = fieldIdOf(name);
  useFieldLabel(name, legend);
  return (
    <fieldset aria-invalid={error ? true : undefined}>
      <legend className="font-semibold">{legend}</legend>
      <Described id={id} hint={hint} error={error}>
        {(describedBy) => (
          <div className="mt-2 space-y-2" aria-describedby={describedBy}>
            {choices.map((choice, index) => {
              const inputId = index === 0 ? id : `${id}-${choice.value}`;
              return (
                <div key={choice.value} className="flex items-start gap-3">
                  <input
                    id={inputId}
                    type={multiple ? 'checkbox' : 'radio'}
                    value={choice.value}
                    aria-describedby={describedBy}
                    className="mt-1 size-6 shrink-0 accent-blue-700"
                    {...register(name)}
                  />
                  <label htmlFor={inputId}>{choice.label}</label>
                </div>
              );
            })}
          </div>
        )}
      </Described>
    </fieldset>
  );
}
