import { type ChangeDocumentFile, documentAccept, type NeededChangeDocument } from '@ccap/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button, linkClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { fieldClasses } from '@/components/ui/text-field';
import { chosenNameOf, UploadWidget } from '@/components/ui/upload-widget';
import { ApiError } from '@/lib/api-client';
import { fileToBase64 } from '@/lib/file-to-base64';
import { downloadChangeDocument, useChangeDocumentWrites, useChangeDocuments } from '../api/change-documents';
import { changeErrorMessage } from './change-errors';

const ids = { which: 'change-document-which', file: 'change-document-file' } as const;
const keyOf = (document: Pick<NeededChangeDocument, 'code' | 'documentName'>) =>
  `${document.code}\u0000${document.documentName}`;

/**
 * The documents a reported change needs (a record check per new adult or assistant), each shown
 * as received or missing with its files; the provider uploads and deletes them until the change
 * is decided, staff read them.
 */
export function ChangeDocumentsSection({ changeId }: { changeId: number }) {
  const { t } = useTranslation();
  const documents = useChangeDocuments(changeId);
  const { upload, remove } = useChangeDocumentWrites(changeId);
  const [which, setWhich] = useState<string>();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();
  const fail = (failure: unknown) =>
    setError(
      failure instanceof ApiError && failure.problem?.detail ? failure.problem.detail : changeErrorMessage(t, failure),
    );

  if (documents.isPending) return <Spinner label={t('app.loading')} />;
  if (documents.isError) return <Alert tone="error">{t('providerRecord.changeDocuments.loadFailed')}</Alert>;
  const { documents: needed, canUpload, missingCount } = documents.data;
  if (needed.length === 0) return null;
  const chosen = needed.find((document) => keyOf(document) === which) ?? needed.find((document) => document.missing);
  const busy = upload.isPending || remove.isPending;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setDone(undefined);
    const file = files[0];
    if (!file || !chosen) {
      setFileError(t('providerRecord.changeDocuments.chooseFile'));
      document.getElementById(ids.file)?.closest('div')?.querySelector('button')?.focus();
      return;
    }
    try {
      await upload.mutateAsync({
        code: chosen.code,
        documentName: chosen.documentName,
        fileName: chosenNameOf(file),
        documentStream: await fileToBase64(file),
      });
      setFiles([]);
      setWhich(undefined);
      setDone(t('providerRecord.changeDocuments.uploaded', { file: chosenNameOf(file) }));
    } catch (failure) {
      fail(failure);
    }
  };
  const onDelete = (file: ChangeDocumentFile) => {
    setError(undefined);
    setDone(undefined);
    remove.mutate(file, {
      onSuccess: () => setDone(t('providerRecord.changeDocuments.deleted', { file: file.fileName })),
      onError: fail,
    });
  };
  const onDownload = (file: ChangeDocumentFile) => {
    setError(undefined);
    downloadChangeDocument(file).catch(fail);
  };

  return (
    <section aria-labelledby="change-documents-heading" className="space-y-4">
      <h2 id="change-documents-heading" className="text-xl font-semibold">
        {t('providerRecord.changeDocuments.heading')}
      </h2>
      <p>{t(canUpload ? 'providerRecord.changeDocuments.intro' : 'providerRecord.changeDocuments.introStaff')}</p>
      {missingCount > 0 ? (
        <Alert tone="info">{t('providerRecord.changeDocuments.missingCount', { count: missingCount })}</Alert>
      ) : null}
      <ul className="space-y-3">
        {needed.map((document) => (
          <li key={keyOf(document)} className="space-y-2 rounded-md border border-slate-300 p-4 dark:border-slate-600">
            <p className="font-semibold break-words" lang="en">
              {document.documentName}
            </p>
            <p>
              {document.missing
                ? t('providerRecord.changeDocuments.missing')
                : t('providerRecord.changeDocuments.received')}
            </p>
            {document.files.length > 0 ? (
              <ul className="space-y-1">
                {document.files.map((file) => (
                  <li key={file.documentId} className="flex flex-wrap items-center gap-3">
                    <button
                      type="button"
                      className={`${linkClasses} min-h-11 text-start break-all`}
                      onClick={() => onDownload(file)}
                    >
                      {file.fileName}
                      <span className="sr-only"> {t('providerRecord.changeDocuments.download')}</span>
                    </button>
                    {canUpload ? (
                      <Button variant="secondary" onClick={() => onDelete(file)} disabled={busy}>
                        {t('providerRecord.changeDocuments.delete')}
                        <span className="sr-only"> {file.fileName}</span>
                      </Button>
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <div aria-live="polite">{done ? <Alert tone="success">{done}</Alert> : null}</div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      {canUpload ? (
        <form
          noValidate
          onSubmit={(event) => void send(event)}
          aria-label={t('providerRecord.changeDocuments.uploadLabel')}
          className="space-y-4"
        >
          <div>
            <label htmlFor={ids.which} className="block font-semibold">
              {t('providerRecord.changeDocuments.which')}
            </label>
            <select
              id={ids.which}
              className={fieldClasses}
              value={chosen ? keyOf(chosen) : ''}
              onChange={(event) => setWhich(event.target.value)}
              disabled={busy}
            >
              {needed.map((document) => (
                <option key={keyOf(document)} value={keyOf(document)} lang="en">
                  {document.documentName}
                </option>
              ))}
            </select>
          </div>
          <UploadWidget
            id={ids.file}
            label={t('providerRecord.changeDocuments.file')}
            hint={t('rfi.form.fileHint')}
            files={files}
            onFilesChange={(next) => {
              setFiles(next);
              if (next.length > 0) setFileError(undefined);
            }}
            accept={documentAccept}
            error={fileError}
            disabled={busy}
          />
          <Button type="submit" disabled={busy}>
            {upload.isPending ? t('forms.sending') : t('providerRecord.changeDocuments.upload')}
          </Button>
        </form>
      ) : null}
    </section>
  );
}
