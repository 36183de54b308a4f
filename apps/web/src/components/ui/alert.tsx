import type { ReactNode } from 'react';

const TONES = {
  error: 'border-red-700 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100',
  success: 'border-green-700 bg-green-50 text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100',
  info: 'border-blue-700 bg-blue-50 text-blue-950 dark:border-blue-400 dark:bg-blue-950 dark:text-blue-100',
} as const;

/**
 * A message block. Errors are role=alert (announced at once), the rest role=status (polite).
 * Live regions only announce changes: render it conditionally, as the message appears.
 */
export function Alert({ tone, title, children }: { tone: keyof typeof TONES; title?: string; children?: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border-s-4 px-4 py-3 ${TONES[tone]}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? 'mt-1' : undefined}>{children}</div> : null}
    </div>
  );
}
