import { type Dispatch, type SetStateAction, useCallback, useEffect, useState } from 'react';

const PREFIX = 'draft:';

/**
 * Form state that survives the session lock: kept in this tab's session storage while it is
 * being edited, restored after signing in again, dropped once saved. The key must name the
 * user, so that a draft is never offered to someone else; signing out clears session storage.
 */
export function useSessionDraft<T>(
  key: string,
  initial: T,
  isValid: (value: unknown) => value is T,
): [T, Dispatch<SetStateAction<T>>, () => void] {
  const storageKey = `${PREFIX}${key}`;
  const [value, setValue] = useState<T>(() => {
    try {
      const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null');
      return stored !== null && isValid(stored) ? stored : initial;
    } catch {
      return initial;
    }
  });
  const [dirty, setDirty] = useState(false);

  useEffect(() => {
    if (!dirty) return;
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(value));
    } catch {
      // Storage full or unavailable: the draft lives in memory only.
    }
  }, [dirty, storageKey, value]);

  const update = useCallback<Dispatch<SetStateAction<T>>>((next) => {
    setDirty(true);
    setValue(next);
  }, []);

  const clear = useCallback(() => {
    setDirty(false);
    sessionStorage.removeItem(storageKey);
  }, [storageKey]);

  return [value, update, clear];
}
