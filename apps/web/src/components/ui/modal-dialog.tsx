import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, makes the page
 * behind inert, closes on Escape, and returns focus to where it was.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  children,
  className = '',
  placement = 'centre',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
  /** Centred (the default), or a drawer at the inline end that sets its own margins. */
  placement?: 'centre' | 'end';
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    // The dialog may be unmounted rather than closed: give focus back to what opened it.
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-placement={placement}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className={`rounded-lg bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:bg-slate-900 dark:text-slate-100 ${className}`}
    >
      {open ? (
        <div className="p-6">
          <h2 id={titleId} className="text-xl font-semibold">
            {title}
          </h2>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
