import type { ReactNode } from 'react';
import { describedByOf, FieldMessages } from '@/components/ui/field-messages';
import { fieldClasses } from '@/components/ui/text-field';
import { SelectOptions } from '@/components/ui/select-options';

/** No criterion is required (spec section 5), so no label carries a required mark. */
function Label({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block font-semibold">
      {children}
    </label>
  );
}

export function Field({
  id,
  label,
  value,
  onChange,
  hint,
  error,
  inputMode,
  autoComplete,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  error?: string;
  inputMode?: 'numeric' | 'decimal' | 'text';
  autoComplete?: string;
}) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <FieldMessages id={id} hint={hint} error={error} />
      <input
        id={id}
        name={id}
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

export function Select(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  error?: string;
}) {
  // A refused value from a link stays visible as what it was, beside its error, rather than
  // the select silently showing its first option.
  const options =
    props.error && !props.options.some((option) => option.value === props.value)
      ? [{ value: props.value, label: props.value }, ...props.options]
      : props.options;
  return (
    <div>
      <Label htmlFor={props.id}>{props.label}</Label>
      <FieldMessages id={props.id} error={props.error} />
      <select
        id={props.id}
        name={props.id}
        className={fieldClasses}
        value={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedByOf(props.id, undefined, props.error)}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <SelectOptions options={options} />
      </select>
    </div>
  );
}

export function Check({
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
