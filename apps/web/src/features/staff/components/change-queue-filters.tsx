import { changeParts, changeStatuses } from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { partTitle } from '@/components/application/part-title';
import { Button } from '@/components/ui/button';
import { zodOptions } from '@/components/ui/form/error-messages';
import { FilterForm, FilterInput, PeriodFilters } from './filter-form';
import { CountyFilter, FilterSelect } from './queue-filters';

/** The change queue's filters as chosen; an empty one does not narrow the list. */
const changeFiltersSchema = z.object({
  status: z.string(),
  county: z.string(),
  part: z.string(),
  effectiveFrom: z.string(),
  effectiveTo: z.string(),
  submittedFrom: z.string(),
  submittedTo: z.string(),
  decidedFrom: z.string(),
  decidedTo: z.string(),
  conflicts: z.boolean(),
});
export type ChangeFilterValues = z.infer<typeof changeFiltersSchema>;

const sentStatuses = changeStatuses.filter((status) => status !== 'draft');

/** The reported changes' filters: a plain form, applied on submit as the application queue's. */
export function ChangeQueueFilters({
  values,
  counties,
  onApply,
}: {
  values: ChangeFilterValues;
  counties: string[];
  onApply: (values: ChangeFilterValues) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const form = useForm<ChangeFilterValues>({ resolver: zodResolver(changeFiltersSchema, zodOptions), values });
  const submit = form.handleSubmit(onApply);
  return (
    <FilterForm
      label={t('staff.queue.changes.filtersLabel')}
      columns="lg:grid-cols-5"
      onSubmit={(event) => void submit(event)}
    >
      <FilterSelect
        id={`${id}-status`}
        label={t('staff.queue.columns.status')}
        field={form.register('status')}
        options={sentStatuses.map((status) => ({ value: status, label: t(`providerRecord.changeStatus.${status}`) }))}
      />
      <CountyFilter id={`${id}-county`} counties={counties} field={form.register('county')} />
      <FilterSelect
        id={`${id}-part`}
        label={t('staff.queue.changes.part')}
        field={form.register('part')}
        options={changeParts.map((part) => ({ value: part, label: partTitle(t, part) }))}
      />
      <FilterInput
        id={`${id}-from`}
        type="date"
        label={t('staff.queue.changes.effectiveFrom')}
        field={form.register('effectiveFrom')}
      />
      <FilterInput
        id={`${id}-to`}
        type="date"
        label={t('staff.queue.changes.effectiveTo')}
        field={form.register('effectiveTo')}
      />
      <PeriodFilters idPrefix={id} register={(name) => form.register(name)} />
      <div className="flex flex-wrap items-center gap-4 lg:col-span-1">
        <label className="inline-flex min-h-11 items-center gap-2">
          <input type="checkbox" className="size-5" {...form.register('conflicts')} />
          {t('staff.queue.changes.conflictsOnly')}
        </label>
        <Button type="submit">{t('staff.queue.apply')}</Button>
      </div>
    </FilterForm>
  );
}
