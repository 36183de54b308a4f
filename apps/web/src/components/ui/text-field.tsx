import type { InputHTMLAttributes } from 'react';
import { describedByOf, FieldMessages } from './field-messages';

export const fieldClasses =
  'mt-1 block w-full min-h-11 rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 aria-invalid:border-2 aria-invalid:border-red-700 dark:border-slate-400 dark:bg-slate-900 dark:text-slate-100 dark:aria-invalid:border-red-400';

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
  const describedBy = describedByOf(id, hint, error);
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <FieldMessages id={id} hint={hint} error={error} />
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={className ? `${fieldClasses} ${className}` : fieldClasses}
        {...input}
      />
    </div>
  );
}
