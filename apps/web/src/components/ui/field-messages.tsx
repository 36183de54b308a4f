/** The ids a control's aria-describedby names: its hint and its error, when shown. */
export function describedByOf(id: string, hint?: string, error?: string): string | undefined {
  return [hint ? `${id}-hint` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;
}

/** A field's hint and error, under its label, with the ids `describedByOf` names. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 font-semibold text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </>
  );
}
