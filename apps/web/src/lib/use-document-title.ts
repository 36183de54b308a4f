import { useEffect } from 'react';

/** Descriptive page titles, "{page} – {product}" (WCAG 2.4.2; DESIGN.md section 8). */
export function useDocumentTitle(page: string | undefined, product: string | undefined) {
  useEffect(() => {
    if (!product) return;
    document.title = page ? `${page} – ${product}` : product;
  }, [page, product]);
}
