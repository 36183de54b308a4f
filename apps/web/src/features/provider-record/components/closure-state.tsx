import type { Availability, Closure } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import type { IntlFormat } from '@/lib/intl-format';

const STATE_CLASSES: Record<Closure['state'], string> = {
  upcoming: 'border-blue-700 text-blue-900 dark:border-blue-300 dark:text-blue-200',
  'in-force': 'border-amber-700 text-amber-900 dark:border-amber-300 dark:text-amber-200',
  past: 'border-slate-500 text-slate-800 dark:border-slate-400 dark:text-slate-200',
  cancelled: 'border-slate-500 text-slate-800 dark:border-slate-400 dark:text-slate-200',
};

/** Where the public search stands on the provider: closed for good, closed today, listed, or not. */
export const searchStateOf = (availability: Availability) =>
  availability.closedForGood
    ? 'closedForGood'
    : availability.closedToday
      ? 'closedToday'
      : availability.listed
        ? 'listed'
        : 'notListed';

/** A closure's days in words: "1 March to 5 March", or "Permanently, from 1 March". */
export function periodOf(
  t: (key: string, values?: Record<string, string>) => string,
  format: IntlFormat,
  closure: Closure,
) {
  return closure.kind === 'permanent' || closure.endsOn === null
    ? t('availability.closures.permanentFrom', { from: format.date(closure.startsOn) })
    : t('availability.closures.temporaryPeriod', {
        from: format.date(closure.startsOn),
        to: format.date(closure.endsOn),
      });
}

/** Where a closure stands (upcoming, in force, ended, cancelled), in words and a coloured border. */
export function ClosureState({ state }: { state: Closure['state'] }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded-full border px-3 py-0.5 text-sm font-semibold ${STATE_CLASSES[state]}`}>
      {t(`availability.closures.state.${state}`)}
    </span>
  );
}
