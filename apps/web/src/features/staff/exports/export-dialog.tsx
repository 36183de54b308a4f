import {
  applicationExportColumns,
  changeExportColumns,
  type CreateExportRequestInput,
  type ExportFormat,
  identifyingExportColumns,
} from '@ccap/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { staffErrorMessage } from '../staff-errors';
import { useCreateExport } from './api';

type Kind = CreateExportRequestInput['kind'];

/** The queue's filters as an export asks for them: the empty ones left out. */
export const exportFiltersOf = (values: Record<string, string>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values).filter(([, value]) => value !== ''));

/**
 * The queue's "Export" button and its dialog (ADR 110): the queue's current filters, the columns
 * as checkboxes, a format, de-identified or not. The export is written in the background; the
 * exports page shows its progress and its download.
 */
export function ExportButton({ kind, filters }: { kind: Kind; filters: Record<string, unknown> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('exports.button')}
      </Button>
      {open ? <ExportDialog kind={kind} filters={filters} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ExportDialog({
  kind,
  filters,
  onClose,
}: {
  kind: Kind;
  filters: Record<string, unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const all: readonly string[] = kind === 'change' ? changeExportColumns : applicationExportColumns;
  const [columns, setColumns] = useState<string[]>([...all]);
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [deIdentified, setDeIdentified] = useState(false);
  const create = useCreateExport();
  const shown = all.filter((column) => !deIdentified || !identifyingExportColumns.includes(column as never));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = all.filter((column) => columns.includes(column));
    create.mutate({ kind, filters, columns: chosen, format, deIdentified } as CreateExportRequestInput);
  };
  const toggle = (column: string, checked: boolean) =>
    setColumns((current) => (checked ? [...current, column] : current.filter((name) => name !== column)));

  return (
    <ModalDialog open onClose={onClose} title={t('exports.dialogTitle')}>
      {create.isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success">{t('exports.started')}</Alert>
          <p>
            <Link to="/staff/exports" className="text-blue-800 underline dark:text-blue-300">
              {t('exports.pageTitle')}
            </Link>
          </p>
          <Button onClick={onClose}>{t('exports.cancel')}</Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <p>{t('exports.dialogIntro')}</p>
          <fieldset className="space-y-1">
            <legend className="font-semibold">{t('exports.columnsLegend')}</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {shown.map((column) => (
                <label key={column} className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="columns"
                    value={column}
                    checked={columns.includes(column)}
                    onChange={(event) => toggle(column, event.target.checked)}
                    className="size-5"
                  />
                  {t(`exports.columns.${column}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="space-y-1">
            <legend className="font-semibold">{t('exports.formatLegend')}</legend>
            {(['xlsx', 'csv'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="format"
                  value={value}
                  checked={format === value}
                  onChange={() => setFormat(value)}
                  className="size-5"
                />
                {t(value === 'xlsx' ? 'exports.formatXlsx' : 'exports.formatCsv')}
              </label>
            ))}
          </fieldset>
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              name="deIdentified"
              checked={deIdentified}
              onChange={(event) => setDeIdentified(event.target.checked)}
              className="mt-1 size-5 shrink-0"
            />
            {t('exports.deIdentified')}
          </label>
          {create.isError ? <Alert tone="error">{staffErrorMessage(t, create.error)}</Alert> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={create.isPending}>
              {t('exports.submit')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('exports.cancel')}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
