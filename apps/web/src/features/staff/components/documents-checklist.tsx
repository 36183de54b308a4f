import {
  type RequestDocument,
  requestDocumentSchema,
  type StaffApplication,
  type StaffDocument,
} from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ErrorSummary } from '@/components/ui/error-summary';
import { TextField } from '@/components/ui/text-field';
import { apiDownload } from '@/lib/api-client';
import { useRequestDocument } from '../api/request-document';
import { useWaiveDocument } from '../api/waive-document';
import { staffErrorMessage } from '../staff-errors';
import { canPreview, DocumentPreview } from './document-preview';
import { ConfirmDialog } from './reason-dialog';

const stateOf = (document: StaffDocument) =>
  document.isUploaded ? 'uploaded' : document.isWaived ? 'waived' : document.isRequired ? 'missing' : 'optional';

/** The required-documents checklist: view or download each file, waive one, ask for another. */
export function DocumentsChecklist({ application }: { application: StaffApplication }) {
  const { t } = useTranslation();
  const id = application.applicationId;
  const open = application.allowedActions.length > 0;
  const waive = useWaiveDocument(id);
  const [viewing, setViewing] = useState<number>();
  const [waiving, setWaiving] = useState<StaffDocument>();
  const [error, setError] = useState<string>();
  const [message, setMessage] = useState<string>();
  const viewed = application.documents.find((document) => document.documentId === viewing);

  const download = async (document: StaffDocument) => {
    setError(undefined);
    try {
      await apiDownload(
        `Application/${id}/documents/${document.documentId}/file`,
        document.file?.fileName ?? `document-${document.documentId}`,
      );
    } catch (problem) {
      setError(staffErrorMessage(t, problem));
    }
  };

  return (
    <section aria-labelledby="documents-heading" className="space-y-4">
      <h2 id="documents-heading" className="text-xl font-semibold">
        {t('staff.documents.heading')}
      </h2>
      {message ? <Alert tone="success">{message}</Alert> : null}
      {error && !waiving ? <Alert tone="error">{error}</Alert> : null}
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-300 dark:divide-slate-700 dark:border-slate-600">
        {application.documents.map((document) => {
          const state = stateOf(document);
          return (
            <li key={document.documentId} className="flex flex-wrap items-start justify-between gap-3 p-3">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{document.documentName}</p>
                <p className="text-sm text-slate-700 dark:text-slate-300">{document.description}</p>
                <p className="text-sm">
                  <span className="font-semibold">{t(`staff.documents.state.${state}`)}</span>
                  {document.file ? ` · ${document.file.fileName}` : ''}
                  {document.waiveReason
                    ? ` · ${t('staff.documents.waivedBecause', { reason: document.waiveReason })}`
                    : ''}
                  {document.requestedByStaff ? ` · ${t('staff.documents.requestedByStaff')}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {document.file && canPreview(document.file.contentType) ? (
                  <Button
                    variant="secondary"
                    aria-expanded={viewing === document.documentId}
                    aria-label={t('staff.documents.viewFor', { name: document.documentName })}
                    onClick={() => setViewing(viewing === document.documentId ? undefined : document.documentId)}
                  >
                    {viewing === document.documentId ? t('staff.documents.hide') : t('staff.documents.view')}
                  </Button>
                ) : null}
                {document.file ? (
                  <Button
                    variant="secondary"
                    aria-label={t('staff.documents.downloadFor', { name: document.documentName })}
                    onClick={() => void download(document)}
                  >
                    {t('staff.documents.download')}
                  </Button>
                ) : null}
                {open && state === 'missing' ? (
                  <Button
                    variant="secondary"
                    aria-label={t('staff.documents.waiveFor', { name: document.documentName })}
                    onClick={() => {
                      setError(undefined);
                      setMessage(undefined);
                      setWaiving(document);
                    }}
                  >
                    {t('staff.documents.waive')}
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      {viewed?.file && canPreview(viewed.file.contentType) ? (
        <DocumentPreview applicationId={id} document={viewed} />
      ) : null}
      {open ? <RequestDocumentForm applicationId={id} onRequested={setMessage} /> : null}
      {waiving ? (
        <ConfirmDialog
          title={t('staff.documents.waiveTitle', { name: waiving.documentName })}
          body={t('staff.documents.waiveBody')}
          confirmLabel={t('staff.documents.waive')}
          needsReason
          pending={waive.isPending}
          error={error}
          onCancel={() => setWaiving(undefined)}
          onConfirm={(reason) =>
            waive.mutateAsync({ documentId: waiving.documentId, reason: reason ?? '' }).then(
              () => {
                setMessage(t('staff.documents.waived', { name: waiving.documentName }));
                setWaiving(undefined);
              },
              (problem: unknown) => setError(staffErrorMessage(t, problem)),
            )
          }
        />
      ) : null}
    </section>
  );
}

function RequestDocumentForm({
  applicationId,
  onRequested,
}: {
  applicationId: number;
  onRequested: (message: string) => void;
}) {
  const { t } = useTranslation();
  const request = useRequestDocument(applicationId);
  const [error, setError] = useState<string>();
  const form = useForm<RequestDocument>({
    resolver: zodResolver(requestDocumentSchema),
    defaultValues: { documentName: '', description: '' },
  });
  const errors = form.formState.errors;
  const fieldIds = { documentName: 'request-document-name', description: 'request-document-description' };
  const summary = [
    ...(errors.documentName ? [{ field: fieldIds.documentName, message: t('staff.documents.nameRequired') }] : []),
    ...(errors.description ? [{ field: fieldIds.description, message: t('staff.documents.descriptionRequired') }] : []),
  ];
  // isSubmitting renders at the press and lasts until the send settles: a second press is ignored.
  const busy = request.isPending || form.formState.isSubmitting;
  const submit = form.handleSubmit(async (values) => {
    setError(undefined);
    await request.mutateAsync(values).then(
      (document) => {
        form.reset();
        onRequested(t('staff.documents.requested', { name: document.documentName }));
      },
      (problem: unknown) => setError(staffErrorMessage(t, problem)),
    );
  });
  return (
    <form
      aria-labelledby="request-document-heading"
      noValidate
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else void submit(event);
      }}
      className="space-y-4 rounded-md border border-slate-300 p-4 dark:border-slate-600"
    >
      <h3 id="request-document-heading" className="text-lg font-semibold">
        {t('staff.documents.requestHeading')}
      </h3>
      <ErrorSummary title={t('staff.documents.fixThese')} errors={summary} takeFocus={false} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <TextField
        id={fieldIds.documentName}
        label={t('staff.documents.name')}
        error={summary.find((entry) => entry.field === fieldIds.documentName)?.message}
        {...form.register('documentName')}
      />
      <div>
        <label htmlFor={fieldIds.description} className="block font-semibold">
          {t('staff.documents.description')}
        </label>
        {errors.description ? (
          <p id={`${fieldIds.description}-error`} className="mt-1 font-semibold text-red-700 dark:text-red-300">
            {t('staff.documents.descriptionRequired')}
          </p>
        ) : null}
        <textarea
          id={fieldIds.description}
          rows={3}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${fieldIds.description}-error` : undefined}
          className="mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-slate-900 dark:border-slate-400 dark:bg-slate-900 dark:text-slate-100"
          {...form.register('description')}
        />
      </div>
      <Button type="submit" aria-disabled={busy || undefined} aria-busy={request.isPending || undefined}>
        {t('staff.documents.requestSubmit')}
      </Button>
    </form>
  );
}
