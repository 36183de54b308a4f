import { useEffect, useRef } from 'react';

/** After a failed check, once the fields show it: focus the first invalid field in page order. */
export function focusFirstInvalid() {
  document
    .querySelector<HTMLElement>(
      'form [aria-invalid="true"]:is(input, select, textarea), form fieldset[aria-invalid="true"] input',
    )
    ?.focus();
}

/** Runs `focusFirstInvalid` after each submit attempt that found errors. */
export function useFocusFirstInvalid(submitCount: number, hasErrors: boolean) {
  const hasErrorsRef = useRef(hasErrors);
  useEffect(() => {
    hasErrorsRef.current = hasErrors;
  });
  useEffect(() => {
    if (submitCount > 0 && hasErrorsRef.current) focusFirstInvalid();
  }, [submitCount]);
}
