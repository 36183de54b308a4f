import {
  BULK_ACTION_MAX,
  type BulkActionKind,
  bulkActionKinds,
  type BulkActionResponse,
  type BulkItemResult,
} from '@ccap/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, linkClasses } from '@/components/ui/button';
import { useIntlFormat } from '@/lib/intl-format';
import type { BulkSelection } from '../use-bulk-selection';
import { BulkDialog } from './bulk-dialog';

/**
 * The queue's bulk actions: while rows are chosen, a toolbar (how many, "select all N
 * matching", one button an action, clear); an action's dialog; and after it, what was done and
 * what was not, and why. It wraps at any width.
 */
export function BulkActions({ selection, total }: { selection: BulkSelection; total: number }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const id = useId();
  const [open, setOpen] = useState<BulkActionKind>();
  const [result, setResult] = useState<BulkActionResponse>();
  const onDone = (answer: BulkActionResponse) => {
    setOpen(undefined);
    setResult(answer);
    // The versions chosen are spent: a second action starts from the refreshed queue.
    selection.clear();
  };
  return (
    <>
      {result ? <BulkResult result={result} onDismiss={() => setResult(undefined)} /> : null}
      {selection.count > 0 ? (
        <section
          aria-labelledby={`${id}-heading`}
          className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-slate-400 bg-slate-50 p-3 dark:border-slate-500 dark:bg-slate-800"
        >
          <h2 id={`${id}-heading`} className="sr-only">
            {t('staff.bulk.heading')}
          </h2>
          <p className="font-semibold">{t('staff.bulk.selected', { count: format.number(selection.count) })}</p>
          {selection.allMatching ? (
            <p>{t('staff.bulk.allMatchingSelected', { total: format.number(total) })}</p>
          ) : selection.canSelectAllMatching ? (
            <Button variant="secondary" onClick={selection.selectAllMatching}>
              {t('staff.bulk.selectAllMatching', { total: format.number(total) })}
            </Button>
          ) : selection.tooManyToSelectAll ? (
            <p>
              {t('staff.bulk.tooManyToSelect', { total: format.number(total), max: format.number(BULK_ACTION_MAX) })}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {bulkActionKinds.map((kind) => (
              <Button key={kind} onClick={() => setOpen(kind)} aria-haspopup="dialog">
                {t(`staff.bulk.actions.${kind}`)}
              </Button>
            ))}
            <Button variant="secondary" onClick={selection.clear}>
              {t('staff.bulk.clear')}
            </Button>
          </div>
        </section>
      ) : null}
      {open ? (
        <BulkDialog
          kind={open}
          count={selection.count}
          target={selection.target}
          onDone={onDone}
          onClose={() => setOpen(undefined)}
        />
      ) : null}
    </>
  );
}

type Refused = Extract<BulkItemResult, { outcome: 'refused' }>;

/** What a bulk action did: how many done and not, and each one not done with its reason. Takes the focus. */
function BulkResult({ result, onDismiss }: { result: BulkActionResponse; onDismiss: () => void }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const ref = useRef<HTMLDivElement>(null);
  // The dialog's opener (the toolbar) is gone with the selection: the answer takes the focus.
  useEffect(() => ref.current?.focus(), [result]);
  const refused = result.items.filter((item): item is Refused => item.outcome === 'refused');
  return (
    <div ref={ref} tabIndex={-1} className="space-y-2 focus:outline-none">
      <Alert
        tone={refused.length > 0 ? 'error' : 'success'}
        title={t('staff.bulk.summary', { done: format.number(result.done), refused: format.number(result.refused) })}
      >
        {refused.length > 0 ? (
          <>
            <p>{t('staff.bulk.notDone')}</p>
            <ul className="ms-5 list-disc">
              {refused.map((item) => (
                <li key={item.applicationId}>
                  <Link to={`/staff/applications/${item.applicationId}`} className={linkClasses}>
                    {item.providerName ?? `#${item.applicationId}`}
                  </Link>
                  {': '}
                  {t(`staff.bulk.reasons.${item.reason}`)}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Alert>
      <Button variant="secondary" onClick={onDismiss}>
        {t('staff.bulk.dismiss')}
      </Button>
    </div>
  );
}
