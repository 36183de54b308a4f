import { applicationSteps, type ChangeAnswers, type ChangePart } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';

type Row = { path: string; label: string; before: string; after: string; current?: string };

/** Every leaf of a part's answers by its path ("careLocation.address1"). */
function leaves(value: unknown, path = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (
    value !== null &&
    typeof value === 'object' &&
    !(Array.isArray(value) && value.every((item) => typeof item !== 'object'))
  ) {
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      for (const [leaf, leafValue] of leaves(inner, path ? `${path}.${key}` : key)) out.set(leaf, leafValue);
    }
  } else if (path) out.set(path, value);
  return out;
}

/**
 * Exactly what a change changes: one row per answer that differs, before and after (and, in a
 * conflict, what the record's current version holds), labelled as the wizard labels its fields.
 */
export function ChangeDiff({
  parts,
  before,
  after,
  current,
}: {
  parts: ChangePart[];
  before: ChangeAnswers;
  after: ChangeAnswers;
  current?: ChangeAnswers | null;
}) {
  const { t, i18n } = useTranslation();
  const shown = (value: unknown): string => {
    if (value === undefined || value === null || value === '') return t('providerRecord.change.empty');
    if (typeof value === 'boolean') return t(value ? 'application.wizard.yes' : 'application.wizard.no');
    if (Array.isArray(value)) return value.map((item) => shown(item)).join(', ');
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    return JSON.stringify(value);
  };
  const labelOf = (path: string) =>
    path
      .split('.')
      .map((key) => {
        if (/^\d+$/.test(key)) return t('application.wizard.personHeading', { number: Number(key) + 1 });
        return i18n.exists(`application.fields.${key}`) ? t(`application.fields.${key}`) : key;
      })
      .join(' · ');

  return (
    <div className="space-y-6">
      {parts.map((part) => {
        const was = leaves(before[part]);
        const will = leaves(after[part]);
        const now = current ? leaves(current[part]) : undefined;
        const rows: Row[] = [...new Set([...was.keys(), ...will.keys(), ...(now?.keys() ?? [])])]
          .filter(
            (path) =>
              shown(was.get(path)) !== shown(will.get(path)) || (now && shown(now.get(path)) !== shown(was.get(path))),
          )
          .map((path) => ({
            path,
            label: labelOf(path),
            before: shown(was.get(path)),
            after: shown(will.get(path)),
            ...(now ? { current: shown(now.get(path)) } : {}),
          }));
        const step = applicationSteps.filter((candidate) => candidate.field === part).at(-1)!;
        const title = t(`application.steps.${step.id}.title`);
        return (
          <section key={part} aria-label={title} className="overflow-x-auto">
            <h3 className="text-lg font-semibold">{title}</h3>
            {rows.length === 0 ? (
              <p>{t('providerRecord.change.noDifference')}</p>
            ) : (
              <table className="mt-2 w-full min-w-[18rem] border-collapse text-start">
                <caption className="sr-only">{t('providerRecord.change.diffCaption', { part: title })}</caption>
                <thead>
                  <tr className="border-b border-slate-300 dark:border-slate-600">
                    <th scope="col" className="p-2 text-start">
                      {t('providerRecord.change.answer')}
                    </th>
                    <th scope="col" className="p-2 text-start">
                      {t('providerRecord.change.before')}
                    </th>
                    {current ? (
                      <th scope="col" className="p-2 text-start">
                        {t('providerRecord.change.currentVersion')}
                      </th>
                    ) : null}
                    <th scope="col" className="p-2 text-start">
                      {t('providerRecord.change.after')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.path} className="border-b border-slate-200 align-top dark:border-slate-700">
                      <th scope="row" className="p-2 text-start font-semibold">
                        {row.label}
                      </th>
                      <td className="p-2 break-words">{row.before}</td>
                      {current ? <td className="p-2 break-words">{row.current}</td> : null}
                      <td className="p-2 break-words">{row.after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        );
      })}
    </div>
  );
}
