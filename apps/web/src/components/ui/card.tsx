import type { ReactNode } from 'react';

/** A narrow centred panel: the sign-in, registration and other single-task pages. */
export function Card({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md space-y-6 rounded-xl border border-slate-200 p-6 shadow-sm sm:p-8 dark:border-slate-700">
      {children}
    </div>
  );
}
