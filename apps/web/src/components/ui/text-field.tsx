import type { InputHTMLAttributes } from 'react';

export const fieldClasses =
  'mt-1 block w-full min-h-11 rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 aria-invalid:border-2 aria-invalid:border-red-700 dark:border-slate-400 dark:bg-slate-900 dark:text-slate-100 dark:aria-invalid:border-red-400';

/**
 * A labelled input with its hint and error tied to it (aria-describedby), and aria-invalid
 * while it has an error. The id doubles as the error summary's link target.
 */
export function TextField({
  id,
  label,
  hint,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; hint?: string; error?: string }) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 font-semibold text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={fieldClasses}
        {...input}
      />
    </div>
  );
}
