import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
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

/** The period filters every queue shares: submitted, or decided, on or between two days. */
export const periodFilterKeys = ['submittedFrom', 'submittedTo', 'decidedFrom', 'decidedTo'] as const;
export type PeriodFilterKey = (typeof periodFilterKeys)[number];

/** The four period filters' date inputs, labelled; `register` is the filter form's. */
export function PeriodFilters({
  idPrefix,
  register,
}: {
  idPrefix: string;
  register: (name: PeriodFilterKey) => UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  return periodFilterKeys.map((key) => (
    <FilterInput
      key={key}
      id={`${idPrefix}-${key}`}
      type="date"
      label={t(`staff.queue.${key}`)}
      field={register(key)}
    />
  ));
}
