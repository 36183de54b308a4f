import { providerTypes, submittedStatuses } from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { zodOptions } from '@/components/ui/form/error-messages';
import { fieldClasses } from '@/components/ui/text-field';
import { statusLabel, typeLabel } from '../staff-labels';
import { SelectOptions } from '@/components/ui/select-options';
import { FilterForm, FilterInput, PeriodFilters } from './filter-form';

/** The filters as chosen; an empty one ("Any") does not narrow the queue. */
const queueFiltersSchema = z.object({
  status: z.string(),
  county: z.string(),
  providerType: z.string(),
  assignee: z.string(),
  rfi: z.string(),
  search: z.string().trim(),
  submittedFrom: z.string(),
  submittedTo: z.string(),
  decidedFrom: z.string(),
  decidedTo: z.string(),
});
export type QueueFilterValues = z.infer<typeof queueFiltersSchema>;

/** One filter of a queue: a labelled select whose empty choice ("Any") does not narrow it. */
export function FilterSelect({
  id,
  label,
  options,
  field,
}: {
  id: string;
  label: string;
  options: { value: string; label: string }[];
  field: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <select id={id} className={fieldClasses} {...field}>
        <option value="">{t('staff.queue.any')}</option>
        <SelectOptions options={options} />
      </select>
    </div>
  );
}

/** The counties filter: the caller's own (every county for an administrator). */
export function CountyFilter({
  id,
  counties,
  field,
}: {
  id: string;
  counties: string[];
  field: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      id={id}
      label={t('staff.queue.columns.county')}
      field={field}
      options={counties.map((county) => ({ value: county, label: county }))}
    />
  );
}

/** The queue's filters and search: a plain form, applied on submit so screen readers are not surprised. */
export function QueueFilters({
  values,
  counties,
  onApply,
}: {
  values: QueueFilterValues;
  counties: string[];
  onApply: (values: QueueFilterValues) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  // `values` follows the applied filters, so a back navigation shows its own.
  const form = useForm<QueueFilterValues>({ resolver: zodResolver(queueFiltersSchema, zodOptions), values });
  const submit = form.handleSubmit(onApply);
  return (
    <FilterForm label={t('staff.queue.filtersLabel')} columns="lg:grid-cols-6" onSubmit={(event) => void submit(event)}>
      <FilterInput
        id={`${id}-search`}
        type="search"
        label={t('staff.queue.search')}
        field={form.register('search')}
        className="lg:col-span-2"
      />
      <FilterSelect
        id={`${id}-status`}
        label={t('staff.queue.columns.status')}
        field={form.register('status')}
        options={submittedStatuses.map((status) => ({ value: status, label: statusLabel(t, status) }))}
      />
      <CountyFilter id={`${id}-county`} counties={counties} field={form.register('county')} />
      <FilterSelect
        id={`${id}-providerType`}
        label={t('staff.queue.columns.providerType')}
        field={form.register('providerType')}
        options={providerTypes.map((type) => ({ value: type, label: typeLabel(t, type) }))}
      />
      <FilterSelect
        id={`${id}-assignee`}
        label={t('staff.queue.columns.assignee')}
        field={form.register('assignee')}
        options={[
          { value: 'me', label: t('staff.queue.assignedToMe') },
          { value: 'none', label: t('staff.queue.unassigned') },
        ]}
      />
      <FilterSelect
        id={`${id}-rfi`}
        label={t('staff.queue.columns.rfis')}
        field={form.register('rfi')}
        options={[
          { value: 'open', label: t('staff.queue.rfiOpen') },
          { value: 'overdue', label: t('staff.queue.rfiOverdue') },
        ]}
      />
      <PeriodFilters idPrefix={id} register={(name) => form.register(name)} />
      <div className="flex items-end">
        <Button type="submit">{t('staff.queue.apply')}</Button>
      </div>
    </FilterForm>
  );
}
