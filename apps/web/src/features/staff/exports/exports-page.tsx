import type { ExportItem } from '@ccap/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiDownload } from '@/lib/api-client';
import { useIntlFormat } from '@/lib/intl-format';
import { usePageTitle } from '@/lib/use-page-title';
import { ScrollRegion } from '../components/scroll-region';
import { StaffNav } from '../components/staff-nav';
import { staffErrorMessage } from '../staff-errors';
import { useExports } from './api';

const cell = 'px-3 py-2 text-start align-top';

/** /staff/exports: the caller's exports, their progress, and the download while it lasts (ADR 110). */
export function ExportsPage() {
  const { t } = useTranslation();
  usePageTitle(t('exports.pageTitle'));
  const exports = useExports();
  return (
    <div className="space-y-6">
      <StaffNav />
      <h1 className="text-3xl font-bold">{t('exports.pageTitle')}</h1>
      <p>{t('exports.pageIntro')}</p>
      {exports.isPending ? (
        <Spinner label={t('app.loading')} />
      ) : exports.isError ? (
        <Alert tone="error">{staffErrorMessage(t, exports.error)}</Alert>
      ) : exports.data.items.length === 0 ? (
        <p>{t('exports.empty')}</p>
      ) : (
        <ExportsTable items={exports.data.items} />
      )}
    </div>
  );
}

function ExportsTable({ items }: { items: ExportItem[] }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const [error, setError] = useState<string>();
  const download = (item: ExportItem) => {
    setError(undefined);
    apiDownload(item.downloadUrl!.replace(/^\/api\//, ''), `export-${item.id}.${item.format}`).catch(
      (failure: unknown) => setError(staffErrorMessage(t, failure)),
    );
  };
  return (
    <>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <ScrollRegion label={t('exports.pageTitle')}>
        <table className="w-full min-w-[40rem] border-collapse text-sm">
          <caption className="sr-only">{t('exports.pageTitle')}</caption>
          <thead>
            <tr className="border-b-2 border-slate-400">
              <th scope="col" className={cell}>
                {t('exports.colCreated')}
              </th>
              <th scope="col" className={cell}>
                {t('exports.colKind')}
              </th>
              <th scope="col" className={cell}>
                {t('exports.colProgress')}
              </th>
              <th scope="col" className={cell}>
                {t('exports.colExpires')}
              </th>
              <th scope="col" className={cell}>
                {t('exports.colFile')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} className="border-b border-slate-200 dark:border-slate-700">
                <td className={cell}>{format.dateTime(new Date(item.createdAt))}</td>
                <td className={cell}>
                  {t(`exports.kind.${item.kind}`)} · {item.format.toUpperCase()}
                  {item.deIdentified ? ` · ${t('exports.deIdentifiedTag')}` : ''}
                </td>
                <td className={cell}>
                  <span className="block font-semibold">{t(`exports.status.${item.status}`)}</span>
                  <progress
                    className="w-32"
                    max={Math.max(1, item.totalRows)}
                    value={item.status === 'ready' ? Math.max(1, item.totalRows) : item.rowsWritten}
                    aria-label={t('exports.progress', {
                      written: format.number(item.rowsWritten),
                      total: format.number(item.totalRows),
                    })}
                  />
                  <span className="block">
                    {t('exports.progress', {
                      written: format.number(item.rowsWritten),
                      total: format.number(item.totalRows),
                    })}
                  </span>
                </td>
                <td className={cell}>
                  {item.expiresAt
                    ? item.downloadUrl
                      ? format.dateTime(new Date(item.expiresAt))
                      : t('exports.expired')
                    : '—'}
                </td>
                <td className={cell}>
                  {item.downloadUrl ? (
                    <Button variant="secondary" onClick={() => download(item)}>
                      {t('exports.download', { id: item.id })}
                    </Button>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </>
  );
}
