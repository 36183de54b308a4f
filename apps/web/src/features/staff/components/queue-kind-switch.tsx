import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const queueKinds = ['application', 'change', 'renewal', 'expiring'] as const;
export type QueueKind = (typeof queueKinds)[number];

const linkClass = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-md border px-4 py-2 ${
    active
      ? 'border-blue-800 bg-blue-800 font-semibold text-white dark:border-blue-300 dark:bg-blue-300 dark:text-slate-950'
      : 'border-slate-400 text-blue-800 underline hover:no-underline dark:border-slate-500 dark:text-blue-300'
  }`;

/**
 * What the queue lists: applications, or the changes providers reported. Plain links (the kind
 * is in the address, `?kind=change`), so Tab and Enter reach them and a screen reader says which
 * is current.
 */
export function QueueKindSwitch({ kind }: { kind: QueueKind }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('staff.queue.kinds.label')}>
      <ul className="flex flex-wrap gap-2">
        {queueKinds.map((value) => (
          <li key={value}>
            <Link
              to={value === 'application' ? '/staff' : `/staff?kind=${value}`}
              aria-current={value === kind ? 'page' : undefined}
              className={linkClass(value === kind)}
            >
              {t(`staff.queue.kinds.${value}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
