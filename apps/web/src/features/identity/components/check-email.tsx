import { useEffect, useRef, type ReactNode } from 'react';

/** A result that replaces a form: its heading takes focus so the change is announced. */
export function CheckEmail({ heading, children }: { heading: string; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div role="status" className="space-y-3">
      <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        {heading}
      </h1>
      {children}
    </div>
  );
}
