import { type AuditEntry, readAuditActions } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { useIntlFormat } from '@/lib/intl-format';
import { ScrollRegion } from './scroll-region';

const cell = 'px-3 py-2 text-start align-top';

/** What changed, in short: the before and after values side by side, as the database keeps them. */
function changeOf(entry: AuditEntry): string {
  const keys = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...keys]
    .map((key) => {
      const before = entry.before?.[key];
      const after = entry.after?.[key];
      const show = (value: unknown) =>
        value === undefined || value === null
          ? '—'
          : typeof value === 'object'
            ? JSON.stringify(value)
            : `${value as string | number | boolean}`;
      return before === undefined ? `${key}: ${show(after)}` : `${key}: ${show(before)} → ${show(after)}`;
    })
    .join('; ');
}

const KNOWN_READS: readonly string[] = readAuditActions;

/**
 * The action in words where the portal knows it (reads, ADR 084), with its code always: an action
 * this version has no words for (a newer feature's) still shows, by its code.
 */
function ActionOf({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const label = KNOWN_READS.includes(entry.action)
    ? t(`readAudit.staff.${entry.action.replaceAll('.', '_')}`)
    : t('readAudit.staff.other');
  return (
    <>
      <span className="block">{label}</span>
      <code className="break-all text-xs">{entry.action}</code>
      {entry.entityType !== 'application' ? ` (${entry.entityType} ${entry.entityId ?? ''})` : ''}
    </>
  );
}

/** Audit rows as a table: when, who, what, the change and why. */
export function AuditTable({ entries, caption }: { entries: AuditEntry[]; caption: string }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  return (
    <ScrollRegion label={caption}>
      <table className="w-full min-w-[48rem] border-collapse text-sm">
        <caption className="mb-2 text-start text-lg font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b-2 border-slate-400">
            <th scope="col" className={cell}>
              {t('staff.audit.when')}
            </th>
            <th scope="col" className={cell}>
              {t('staff.audit.who')}
            </th>
            <th scope="col" className={cell}>
              {t('staff.audit.what')}
            </th>
            <th scope="col" className={cell}>
              {t('staff.audit.change')}
            </th>
            <th scope="col" className={cell}>
              {t('staff.audit.why')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-slate-200 dark:border-slate-700">
              <td className={cell}>{format.mediumDateTime(new Date(entry.occurredAt))}</td>
              <td className={cell}>{entry.actorLabel ?? t('staff.audit.system')}</td>
              <td className={cell}>
                <ActionOf entry={entry} />
              </td>
              <td className={`${cell} break-all`}>{changeOf(entry)}</td>
              <td className={cell}>{entry.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
