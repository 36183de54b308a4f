import type { StaffDocument } from '@ccap/contracts';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentBlob } from '../api/file-blob';
import { staffErrorMessage } from '../staff-errors';

/** Types the browser shows itself: PDFs in a frame, images as images. */
export const canPreview = (contentType: string | undefined) =>
  contentType === 'application/pdf' || /^image\/(png|jpeg|gif|webp)$/.test(contentType ?? '');

/** The chosen document shown in the page, fetched with the staff member's token. */
export function DocumentPreview({ applicationId, document }: { applicationId: number; document: StaffDocument }) {
  const { t } = useTranslation();
  const file = useDocumentBlob(applicationId, document.documentId);
  const contentType = document.file?.contentType;
  // The blob takes the type the document was accepted as, whatever the answer's header said: a
  // frame of this page's origin shows it, and only ever as a PDF or an image, never as a page.
  const url = useMemo(
    () =>
      file.data && canPreview(contentType)
        ? URL.createObjectURL(new Blob([file.data], { type: contentType }))
        : undefined,
    [file.data, contentType],
  );
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);

  const title = t('staff.documents.previewOf', { name: document.documentName });
  return (
    <section aria-label={title} className="rounded-md border border-slate-300 p-3 dark:border-slate-600">
      <h3 className="mb-2 font-semibold">{title}</h3>
      {file.isError ? (
        <Alert tone="error">{staffErrorMessage(t, file.error)}</Alert>
      ) : !url ? (
        <Spinner label={t('app.loading')} />
      ) : contentType === 'application/pdf' ? (
        <iframe src={url} title={title} className="h-[32rem] w-full rounded border-0 bg-white" />
      ) : (
        <img src={url} alt={title} className="max-h-[32rem] max-w-full" />
      )}
    </section>
  );
}
