import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * A disclosure panel under a button (not a menu): Escape or a click outside closes it and
 * focus returns to the button; following a link inside it closes it too.
 */
export function Popover({ label, title, children }: { label: ReactNode; title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    // Following a link inside (by mouse or Enter) leaves for another page: the panel closes.
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element;
      if (ref.current?.contains(target) && target.closest('section a[href]')) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={ref} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="rounded-full p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
      >
        {label}
      </button>
      <section
        id={panelId}
        hidden={!open}
        aria-labelledby={titleId}
        className="absolute end-0 top-full z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id={titleId} className="border-b border-slate-200 px-3 py-2 font-semibold dark:border-slate-700">
          {title}
        </h2>
        {children}
      </section>
    </div>
  );
}
