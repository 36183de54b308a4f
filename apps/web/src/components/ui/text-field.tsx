import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { describedByOf, FieldMessages } from './field-messages';

export const fieldClasses =
  'mt-1 block w-full min-h-11 rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 aria-invalid:border-2 aria-invalid:border-red-700 dark:border-slate-400 dark:bg-slate-900 dark:text-slate-100 dark:aria-invalid:border-red-400';

/** A field's label above its hint and error, then the control. */
function Labelled({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      {children}
    </div>
  );
}

/** What ties a control to its hint and error: aria-invalid while in error, aria-describedby. */
const tiedTo = (id: string, hint?: string, error?: string) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedByOf(id, hint, error),
});

/**
 * A labelled input with its hint and error tied to it (aria-describedby), and aria-invalid
 * while it has an error. The id doubles as the error summary's link target. A `className` adds
 * to the field's own classes rather than replacing them.
 */
export function TextField({
  id,
  label,
  hint,
  error,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; hint?: string; error?: string }) {
  return (
    <Labelled id={id} label={label} hint={hint} error={error}>
      <input
        {...tiedTo(id, hint, error)}
        name={id}
        className={className ? `${fieldClasses} ${className}` : fieldClasses}
        {...input}
      />
    </Labelled>
  );
}

/** A labelled text area, with its hint and error tied to it as `TextField` ties them. */
export function TextAreaField({
  id,
  label,
  hint,
  error,
  rows = 4,
  ...area
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string; hint?: string; error?: string }) {
  return (
    <Labelled id={id} label={label} hint={hint} error={error}>
      <textarea {...tiedTo(id, hint, error)} rows={rows} className={fieldClasses} {...area} />
    </Labelled>
  );
}
