import type { RfiDocument } from '@ccap/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '@/lib/api-client';

/** The file's bytes with the bearer token, saved under its name (spec section 2). */
export const downloadRfiDocument = (document: RfiDocument) =>
  apiDownload(document.url.replace(/^\/api\//, ''), document.documentName);

export const useDownloadRfiDocument = () => useMutation({ mutationFn: downloadRfiDocument });
