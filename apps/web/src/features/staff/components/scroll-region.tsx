import type { ReactNode } from 'react';

/**
 * A wide table's box: it scrolls sideways on narrow screens, never the page. A scrolling region
 * must be focusable so keyboard users can scroll it too (WCAG 2.1.1; axe's
 * scrollable-region-focusable), and a focusable region needs a name.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region needs focus
      tabIndex={0}
      className="overflow-x-auto focus:outline-2 focus:outline-offset-2 focus:outline-blue-700 dark:focus:outline-blue-300"
    >
      {children}
    </div>
  );
}
