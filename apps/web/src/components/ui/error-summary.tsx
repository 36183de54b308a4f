import { useEffect, useRef } from 'react';

export interface SummaryError {
  /** The id of the field the message is about. */
  field: string;
  message: string;
}

/**
 * The list of what stops a form from being sent, shown above it. It takes focus when it
 * appears (unless told not to) so screen reader and keyboard users land on it; each entry
 * moves focus to its field.
 */
export function ErrorSummary({
  title,
  errors,
  takeFocus = true,
  focusOn,
}: {
  title: string;
  errors: SummaryError[];
  /** False when the form moves focus to its first invalid field itself (it is still announced). */
  takeFocus?: boolean;
  /** When given, focus is taken when this changes (a submit count) rather than when `errors` does. */
  focusOn?: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Only a new trigger moves the focus; errors shrinking while the user corrects them do not.
  const hasErrors = useRef(false);
  useEffect(() => {
    hasErrors.current = errors.length > 0;
  });
  const trigger = focusOn === undefined ? errors : focusOn;
  useEffect(() => {
    if (takeFocus && hasErrors.current) ref.current?.focus();
  }, [trigger, takeFocus]);
  if (errors.length === 0) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="error-summary-title"
      className="rounded-md border-2 border-red-700 bg-red-50 p-4 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
    >
      <h2 id="error-summary-title" className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {errors.map((error) => (
          <li key={error.field}>
            <a
              href={`#${error.field}`}
              className="font-semibold underline"
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(error.field)?.focus();
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
