import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A modal that interrupts (role=alertdialog), on the native <dialog>: the browser traps focus,
 * makes everything behind inert, and stacks it above any other open modal (so the session
 * warning stays usable over the customizer). Focus goes back where it was when it closes.
 */
export function AlertDialog({
  titleId,
  descriptionId,
  onEscape,
  children,
}: {
  titleId: string;
  descriptionId: string;
  /** What Escape does; without it, Escape does nothing (the user must choose). */
  onEscape?: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('button, [href], input, select, textarea')?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        event.preventDefault();
        onEscapeRef.current?.();
      }}
      className="w-[min(28rem,calc(100vw-2rem))] rounded-lg bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100"
    >
      {children}
    </dialog>
  );
}
