import type { Rfi } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { titleCase } from '../rfi-format';

const TONES = {
  completed: 'border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100',
  pending: 'border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100',
} as const;

const CheckIcon = () => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    width="18"
    height="18"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.5"
  >
    <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
const ClockIcon = () => (
  <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2">
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/**
 * Spec section 2: the status in title case, completed in the success colour and pending in
 * the warning colour; the words and an icon say it too, never the colour alone.
 */
export function RfiStatusLine({ rfi }: { rfi: Rfi }) {
  const { t } = useTranslation();
  const known = rfi.statusDescription.toLowerCase() === rfi.status;
  const text = known ? t(`rfi.status.${rfi.status}`) : titleCase(rfi.statusDescription);
  return (
    <p
      className={`inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm font-semibold ${TONES[rfi.status]}`}
      data-status={rfi.status}
    >
      {rfi.status === 'completed' ? <CheckIcon /> : <ClockIcon />}
      <span className="sr-only">{t('rfi.item.statusLabel')} </span>
      {text}
    </p>
  );
}
