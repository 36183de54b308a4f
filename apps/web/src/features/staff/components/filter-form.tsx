import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { fieldClasses } from '@/components/ui/text-field';

/** A queue's filters: a search landmark, applied on submit so screen readers are not surprised. */
export function FilterForm({
  label,
  columns,
  onSubmit,
  children,
}: {
  label: string;
  /** The large screens' grid, e.g. `lg:grid-cols-5`. */
  columns: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
      className={`grid gap-4 rounded-md border border-slate-300 p-4 sm:grid-cols-2 ${columns} dark:border-slate-600`}
    >
      {children}
    </form>
  );
}

/** One labelled input of a queue's filters (a date, a search). */
export function FilterInput({
  id,
  label,
  type,
  field,
  className,
}: {
  id: string;
  label: string;
  type: 'date' | 'search';
  field: UseFormRegisterReturn;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <input id={id} type={type} className={fieldClasses} {...field} />
    </div>
  );
}
