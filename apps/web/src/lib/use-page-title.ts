import { useEffect } from 'react';
import { useProgramNames } from './program-profile';

/**
 * Descriptive page titles, "{page} – {product}" (WCAG 2.4.2; DESIGN.md section 8), with the
 * product name in the reader's language once the program profile has loaded.
 */
export function usePageTitle(page: string) {
  const { productName } = useProgramNames();
  useEffect(() => {
    if (!productName) return;
    document.title = page ? `${page} – ${productName}` : productName;
  }, [page, productName]);
}
