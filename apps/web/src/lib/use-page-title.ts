import { useProgramNames } from './program-profile';
import { useDocumentTitle } from './use-document-title';

/** Sets "{page} – {product}" with the product name from the program profile. */
export function usePageTitle(page: string) {
  const { productName } = useProgramNames();
  useDocumentTitle(page, productName);
}
