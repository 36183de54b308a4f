import { useCallback, useEffect, useRef } from 'react';

/**
 * Sends a form once per press, however quick the second press. A form whose button stays
 * enabled while it sends (so the focus stays on it) checks `pending` before sending, but a
 * double click's second submit can come before `pending` has rendered true: this latch closes
 * at the first send and opens again once the answer is in (`pending` or `error` changed).
 */
export function useSendOnce(pending: boolean, error: unknown) {
  const sending = useRef(false);
  useEffect(() => {
    sending.current = false;
  }, [pending, error]);
  return useCallback(
    (send: () => void) => {
      if (pending || sending.current) return;
      sending.current = true;
      send();
    },
    [pending],
  );
}
