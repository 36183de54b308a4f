import { providerTypes, submittedStatuses } from '@ccap/contracts';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/text-field';
import { statusLabel, typeLabel } from '../staff-labels';

export interface QueueFilterValues {
  status: string;
  county: string;
  providerType: string;
  assignee: string;
  rfi: string;
  search: string;
}

function Select({
  id,
  label,
  value,
  options,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <select id={id} name={id} defaultValue={value} className={fieldClasses}>
        <option value="">{t('staff.queue.any')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
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
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = data.get(`${id}-${name}`);
      return typeof value === 'string' ? value : '';
    };
    onApply({
      status: read('status'),
      county: read('county'),
      providerType: read('providerType'),
      assignee: read('assignee'),
      rfi: read('rfi'),
      search: read('search').trim(),
    });
  };
  // Keyed by the applied values, so a back navigation shows its own filters.
  return (
    <form
      key={JSON.stringify(values)}
      role="search"
      aria-label={t('staff.queue.filtersLabel')}
      onSubmit={submit}
      className="grid gap-4 rounded-md border border-slate-300 p-4 sm:grid-cols-2 lg:grid-cols-7 dark:border-slate-600"
    >
      <div className="lg:col-span-2">
        <label htmlFor={`${id}-search`} className="block font-semibold">
          {t('staff.queue.search')}
        </label>
        <input
          id={`${id}-search`}
          name={`${id}-search`}
          type="search"
          defaultValue={values.search}
          className={fieldClasses}
        />
      </div>
      <Select
        id={`${id}-status`}
        label={t('staff.queue.columns.status')}
        value={values.status}
        options={submittedStatuses.map((status) => ({ value: status, label: statusLabel(t, status) }))}
      />
      <Select
        id={`${id}-county`}
        label={t('staff.queue.columns.county')}
        value={values.county}
        options={counties.map((county) => ({ value: county, label: county }))}
      />
      <Select
        id={`${id}-providerType`}
        label={t('staff.queue.columns.providerType')}
        value={values.providerType}
        options={providerTypes.map((type) => ({ value: type, label: typeLabel(t, type) }))}
      />
      <Select
        id={`${id}-assignee`}
        label={t('staff.queue.columns.assignee')}
        value={values.assignee}
        options={[
          { value: 'me', label: t('staff.queue.assignedToMe') },
          { value: 'none', label: t('staff.queue.unassigned') },
        ]}
      />
      <Select
        id={`${id}-rfi`}
        label={t('staff.queue.columns.rfis')}
        value={values.rfi}
        options={[
          { value: 'open', label: t('staff.queue.rfiOpen') },
          { value: 'overdue', label: t('staff.queue.rfiOverdue') },
        ]}
      />
      <div className="flex items-end lg:col-span-7">
        <Button type="submit">{t('staff.queue.apply')}</Button>
      </div>
    </form>
  );
}
