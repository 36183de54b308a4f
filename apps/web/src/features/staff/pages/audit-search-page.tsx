import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { zodOptions } from '@/components/ui/form/error-messages';
import { Spinner } from '@/components/ui/spinner';
import { fieldClasses, TextField } from '@/components/ui/text-field';
import { useIntlFormat } from '@/lib/intl-format';
import { usePageTitle } from '@/lib/use-page-title';
import { z } from 'zod';
import { useAuditSearch } from '../api/search-audit';
import { AuditTable } from '../components/audit-table';
import { StaffNav } from '../components/staff-nav';
import { staffErrorMessage } from '../staff-errors';

const PAGE_SIZE = 50;
const FIELDS = ['actor', 'action', 'entityId', 'from', 'to'] as const;

/** The search's fields as typed; an empty one does not narrow the search. */
const auditFiltersSchema = z.object({
  actor: z.string().trim(),
  action: z.string().trim(),
  entityId: z.string().trim(),
  from: z.string(),
  to: z.string(),
  /** Reads (someone opened an application or its files) or changes; empty for both. */
  kind: z.enum(['', 'read', 'change']),
});
type AuditFilters = z.infer<typeof auditFiltersSchema>;
const NO_FILTERS: AuditFilters = { actor: '', action: '', entityId: '', from: '', to: '', kind: '' };

/** /staff/audit (administrators): search the whole audit trail by who, what, which record and when. */
export function AuditSearchPage() {
  const { t } = useTranslation();
  const format = useIntlFormat();
  usePageTitle(t('staff.auditSearch.title'));
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const search = useAuditSearch({ ...filters, kind: filters.kind || undefined, page, pageSize: PAGE_SIZE });
  const form = useForm<AuditFilters>({
    resolver: zodResolver(auditFiltersSchema, zodOptions),
    defaultValues: NO_FILTERS,
  });
  const submit = form.handleSubmit((values) => {
    setFilters(values);
    setPage(1);
  });
  const pages = search.data ? Math.max(1, Math.ceil(search.data.total / PAGE_SIZE)) : 1;
  return (
    <div className="space-y-6">
      <StaffNav />
      <h1 className="text-3xl font-bold">{t('staff.auditSearch.heading')}</h1>
      <form
        role="search"
        aria-label={t('staff.auditSearch.heading')}
        onSubmit={(event) => void submit(event)}
        className="grid gap-4 rounded-md border border-slate-300 p-4 sm:grid-cols-2 lg:grid-cols-3 dark:border-slate-600"
      >
        {FIELDS.map((field) => (
          <TextField
            key={field}
            id={`audit-${field}`}
            label={t(`staff.auditSearch.${field}`)}
            type={field === 'from' || field === 'to' ? 'date' : 'text'}
            {...form.register(field)}
          />
        ))}
        <div>
          <label htmlFor="audit-kind" className="block font-semibold">
            {t('readAudit.search.kind')}
          </label>
          <select id="audit-kind" className={fieldClasses} {...form.register('kind')}>
            <option value="">{t('readAudit.search.all')}</option>
            <option value="change">{t('readAudit.search.changes')}</option>
            <option value="read">{t('readAudit.search.reads')}</option>
          </select>
        </div>
        <div className="flex items-end lg:col-span-3">
          <Button type="submit">{t('staff.queue.apply')}</Button>
        </div>
      </form>
      {search.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : search.isError ? (
        <Alert tone="error">{staffErrorMessage(t, search.error)}</Alert>
      ) : (
        <>
          <p role="status">{t('staff.auditSearch.count', { total: format.number(search.data.total) })}</p>
          <AuditTable entries={search.data.items} caption={t('staff.auditSearch.caption')} />
          <nav aria-label={t('staff.queue.pagination')} className="flex flex-wrap items-center gap-4">
            <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('staff.queue.previous')}
            </Button>
            <span>{t('staff.queue.pageOf', { page: format.number(page), pages: format.number(pages) })}</span>
            <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              {t('staff.queue.next')}
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
