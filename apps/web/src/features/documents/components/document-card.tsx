import {
  documentAccept,
  documentProblemTypes,
  allowedDocumentTypeLabels,
  type RequiredDocument,
} from '@ccap/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { requireFiles, UploadWidget, UploadWidgetError } from '@/components/ui/upload-widget';
import { ApiError, apiDownload } from '@/lib/api-client';
import { useDocumentTexts } from '@/lib/document-texts';
import { intlFormatOf } from '@/lib/intl-format';
import { unavailableMessage } from '@/lib/unavailable-message';
import { useUploadDocument } from '../api/upload-document';

/** The reader's words for a refused upload, from the problem type the API answers with. */
export function uploadErrorMessage(t: TFunction, language: string, error: unknown): string {
  if (error instanceof UploadWidgetError) return t(error.key, error.values);
  if (!(error instanceof ApiError)) return t('forms.networkError');
  const problem = error.problem as { type?: string; maxBytes?: unknown } | undefined;
  const format = intlFormatOf(language);
  switch (problem?.type) {
    case documentProblemTypes.tooLarge: {
      const megabytes = typeof problem.maxBytes === 'number' ? problem.maxBytes / 1_048_576 : 15;
      const size = format.megabytes(megabytes);
      return t('documents.errors.tooLarge', { size });
    }
    case documentProblemTypes.unsupportedType:
      return t('documents.errors.unsupportedType', {
        types: format.orList(allowedDocumentTypeLabels),
      });
    case documentProblemTypes.empty:
      return t('documents.errors.empty');
    case documentProblemTypes.infected:
      return t('documents.errors.infected');
    case documentProblemTypes.closed:
      return t('documents.errors.closed');
    case documentProblemTypes.storageFull:
      return t('documentStore.full');
    default:
      return (
        unavailableMessage(t, error) ?? t(error.status === 429 ? 'forms.tooManyRequests' : 'forms.unexpectedError')
      );
  }
}

/**
 * One required document (spec section 4 "Document card"): not uploaded, a file chooser;
 * uploaded, 'View Document'. Progress shows as a bar with its percentage; errors stay on the
 * card and are announced. A document staff waived is not needed any more, with their reason;
 * when the API would refuse an upload (a decided or withdrawn application, or someone other
 * than the applicant), no chooser is offered.
 */
export function DocumentCard({ applicationId, document }: { applicationId: number; document: RequiredDocument }) {
  const { t, i18n } = useTranslation();
  const documentTexts = useDocumentTexts();
  const upload = useUploadDocument();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState<string>();
  const headingId = `document-${document.documentId}`;

  const send = () => {
    setError(undefined);
    let file: File;
    try {
      file = requireFiles(files)[0]!;
    } catch (problem) {
      return setError(uploadErrorMessage(t, i18n.language, problem));
    }
    setProgress(0);
    upload.mutate(
      { applicationId, documentId: document.documentId, file, onProgress: setProgress },
      {
        onSuccess: () => setFiles([]),
        onError: (problem) => setError(uploadErrorMessage(t, i18n.language, problem)),
        onSettled: () => setProgress(undefined),
      },
    );
  };

  const view = async () => {
    setError(undefined);
    try {
      await apiDownload(
        `Application/${applicationId}/documents/${document.documentId}/file`,
        document.file?.fileName ?? `document-${document.documentId}`,
      );
    } catch (problem) {
      setError(uploadErrorMessage(t, i18n.language, problem));
    }
  };

  const texts = documentTexts(document);
  const percent = progress === undefined ? undefined : Math.round(progress * 100);
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="h-full space-y-4 rounded-xl border border-slate-200 p-5 dark:border-slate-700"
      >
        <div>
          <h2 id={headingId} className="text-xl font-semibold" lang={texts.nameLang}>
            {texts.name}
          </h2>
          <p className="mt-1" lang={texts.descriptionLang}>
            {texts.description}
          </p>
          {document.credential?.expiresOn ? (
            <p className={`mt-1 ${document.credential.status === 'valid' ? '' : 'font-semibold'}`}>
              {t(`documents.credential.${document.credential.status === 'expired' ? 'expired' : 'expires'}`, {
                date: intlFormatOf(i18n.language).date(document.credential.expiresOn),
              })}
            </p>
          ) : null}
          <p className={`mt-2 font-semibold ${document.isUploaded ? 'text-green-800 dark:text-green-300' : ''}`}>
            {document.isUploaded
              ? `✓ ${t('documents.uploaded')}`
              : document.isWaived
                ? t('documents.waived')
                : t('documents.notUploaded')}
          </p>
          {!document.isUploaded && document.isWaived && document.waiveReason ? (
            <p className="mt-1">{t('documents.waivedReason', { reason: document.waiveReason })}</p>
          ) : null}
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {document.isUploaded ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => void view()} aria-describedby={headingId}>
              {t('documents.view')}
            </Button>
            {document.file ? <span className="break-all text-sm">{document.file.fileName}</span> : null}
          </div>
        ) : document.isWaived || !document.canUpload ? null : (
          <>
            <UploadWidget
              id={`file-${document.documentId}`}
              label={t('documents.chooseLabel', { name: texts.name })}
              hint={t('documents.hint')}
              files={files}
              onFilesChange={setFiles}
              accept={documentAccept}
              camera
              disabled={upload.isPending}
            />
            {percent !== undefined ? (
              <div>
                <label htmlFor={`progress-${document.documentId}`} className="block font-semibold">
                  {t('documents.uploading', { percent })}
                </label>
                <progress
                  id={`progress-${document.documentId}`}
                  max={100}
                  value={percent}
                  className="mt-1 h-3 w-full accent-blue-700"
                >
                  {percent}%
                </progress>
              </div>
            ) : null}
            <Button onClick={send} disabled={upload.isPending} aria-describedby={headingId}>
              {t('documents.upload')}
            </Button>
          </>
        )}
      </article>
    </li>
  );
}
