import {
  documentAccept,
  RFI_COMMENT_MAX,
  RFI_DUE_DATE_OUT_OF_RANGE,
  type Rfi,
  rfiDueDateRange,
  rfiReplyFormSchema,
  rfiRequestFormSchema,
  type RfiPermissions,
  todayIso,
} from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/text-field';
import { chosenNameOf, requireFiles, UploadWidget, UploadWidgetError } from '@/components/ui/upload-widget';
import { useCreateRfi } from '../api/create-rfi';
import { useRespondRfi } from '../api/respond-rfi';
import { logRfiError, rfiErrorMessage } from '../rfi-errors';
import { fileToBase64, formatRfiDate } from '../rfi-format';

interface Values {
  serviceWorkerComment?: string;
  applicantComment?: string;
  dueDate?: string;
}

const ids = { comment: 'rfi-comment', dueDate: 'rfi-due-date', file: 'rfi-file' } as const;

/** What the form needs to know of the caller's side; `changeId` for the RFIs of a reported change. */
export type RfiFormPermissions = Omit<RfiPermissions, 'applicationStatus'> & { changeId?: number };

export interface RfiFormProps {
  permissions: RfiFormPermissions;
  /** The pending RFIs the applicant may answer, newest first; none for staff. */
  pending: Rfi[];
  /** The Close button back to the dashboard (the RFI page's; not inside another page). */
  showClose?: boolean;
}

/**
 * The request the applicant's form answers until they choose another: the oldest not answered
 * yet; once all are answered, the newest (they may still add to an answer).
 */
const firstToAnswer = (pending: Rfi[]) => pending.findLast((rfi) => rfi.respondedDate === null) ?? pending[0];

/**
 * Spec sections 2 and 5: 'Reply to RFI', also titled 'Reply / Request an RFI'. For staff of
 * the county the text is the service worker's request (required); for the applicant it is
 * the response to the pending RFI, and a file is needed. Send stays disabled while the form
 * is invalid; an invalid send sends nothing and logs 'Form is invalid'.
 */
export function RfiForm({ permissions, pending, showClose = true }: RfiFormProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const staff = permissions.mode === 'service-worker';
  const commentField = staff ? 'serviceWorkerComment' : 'applicantComment';
  const create = useCreateRfi(permissions.applicationId, permissions.changeId);
  const respond = useRespondRfi(permissions.applicationId, permissions.changeId);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const [sendError, setSendError] = useState<string>();
  const [sent, setSent] = useState<string>();
  const [chosenId, setChosenId] = useState<number>();
  const answering = pending.find((rfi) => rfi.rfiId === chosenId) ?? firstToAnswer(pending);
  const date = (value: string) => formatRfiDate(value, i18n.language);
  const dueDates = rfiDueDateRange(todayIso());
  const form = useForm<Values>({
    resolver: zodResolver(staff ? rfiRequestFormSchema : rfiReplyFormSchema) as Resolver<Values>,
    mode: 'onTouched',
    defaultValues: { [commentField]: '', ...(staff ? { dueDate: '' } : {}) },
  });
  const { errors, isValid, isSubmitting } = form.formState;
  const commentError = errors[commentField]?.message
    ? t(
        form.getValues(commentField)?.trim()
          ? 'rfi.form.commentTooLong'
          : staff
            ? 'rfi.form.commentRequired'
            : 'rfi.form.responseRequired',
        { max: RFI_COMMENT_MAX },
      )
    : undefined;
  const dueDateError = errors.dueDate
    ? t(errors.dueDate.message === RFI_DUE_DATE_OUT_OF_RANGE ? 'rfi.form.dueDateRange' : 'rfi.form.dueDateInvalid')
    : undefined;
  const busy = isSubmitting || create.isPending || respond.isPending;

  const chooseFiles = (chosen: File[]) => {
    setFiles(chosen);
    if (chosen.length > 0) setFileError(undefined);
  };

  const invalid = () => console.warn('Form is invalid');

  const send = form.handleSubmit(async (values) => {
    setSent(undefined);
    setSendError(undefined);
    if (!staff) {
      try {
        requireFiles(files);
      } catch (error) {
        if (!(error instanceof UploadWidgetError)) throw error;
        invalid();
        setFileError(t(error.key, error.values));
        document.getElementById(ids.file)?.closest('div')?.querySelector('button')?.focus();
        return;
      }
    }
    const file = files[0];
    const attachment = file
      ? { documentName: chosenNameOf(file), documentStream: await fileToBase64(file), uploadedBy: '' }
      : undefined;
    try {
      if (staff) {
        await create.mutateAsync({
          ...(permissions.changeId === undefined
            ? { applicationId: permissions.applicationId }
            : { changeId: permissions.changeId }),
          serviceWorkerComment: values.serviceWorkerComment ?? '',
          applicantComment: '',
          status: 'pending',
          ...(values.dueDate ? { dueDate: values.dueDate } : {}),
          ...(attachment ? { document: attachment } : {}),
        });
      } else if (answering) {
        await respond.mutateAsync({
          rfiId: answering.rfiId,
          applicantComment: values.applicantComment ?? '',
          ...(attachment ? { document: attachment } : {}),
        });
      }
      // Spec section 4: after a successful send the list reloads, the form resets and the file goes.
      form.reset();
      setFiles([]);
      // The next request not answered yet, from the reloaded list.
      setChosenId(undefined);
      setSent(t(staff ? 'rfi.form.requestSent' : 'rfi.form.replySent'));
    } catch (error) {
      logRfiError(error);
      setSendError(rfiErrorMessage(t, error));
    }
  }, invalid);

  const commentDescribedBy = [`${ids.comment}-hint`, commentError ? `${ids.comment}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <form
      noValidate
      onSubmit={(event) => void send(event)}
      aria-label={t(staff ? 'rfi.form.requestLabel' : 'rfi.form.replyLabel')}
      className="space-y-6"
    >
      {!staff && pending.length > 1 ? (
        <fieldset>
          <legend className="font-semibold">{t('rfi.form.answerWhich')}</legend>
          <div className="mt-2 space-y-3">
            {pending.map((rfi) => (
              <div key={rfi.rfiId} className="flex items-start gap-3">
                <input
                  id={`rfi-answer-${rfi.rfiId}`}
                  type="radio"
                  name="rfi-answering"
                  checked={answering?.rfiId === rfi.rfiId}
                  onChange={() => setChosenId(rfi.rfiId)}
                  disabled={busy}
                  className="mt-1 size-5 shrink-0 accent-blue-700 dark:accent-blue-400"
                />
                <label htmlFor={`rfi-answer-${rfi.rfiId}`}>
                  <span className="block">
                    {rfi.respondedDate
                      ? t('rfi.form.answerChoiceAnswered', { date: date(rfi.createdDate) })
                      : t('rfi.form.answerChoice', { date: date(rfi.createdDate), due: date(rfi.dueDate) })}
                  </span>
                  {rfi.serviceWorkerComment ? (
                    <span className="line-clamp-2 block text-sm break-words text-slate-700 dark:text-slate-300">
                      {rfi.serviceWorkerComment}
                    </span>
                  ) : null}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      ) : !staff && answering ? (
        <p>{t('rfi.form.answering', { date: date(answering.createdDate) })}</p>
      ) : null}
      <div>
        <label htmlFor={ids.comment} className="block font-semibold">
          {t(staff ? 'rfi.form.requestText' : 'rfi.form.responseText')}
        </label>
        <p id={`${ids.comment}-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {t(staff ? 'rfi.form.requestHint' : 'rfi.form.responseHint')}
        </p>
        {commentError ? (
          <p id={`${ids.comment}-error`} className="mt-1 font-semibold text-red-700 dark:text-red-300">
            {commentError}
          </p>
        ) : null}
        <textarea
          id={ids.comment}
          rows={5}
          placeholder={t(staff ? 'rfi.form.placeholder' : 'rfi.form.answerPlaceholder')}
          aria-invalid={commentError ? true : undefined}
          aria-describedby={commentDescribedBy}
          aria-required={staff ? true : undefined}
          className={fieldClasses}
          {...form.register(commentField)}
        />
      </div>
      {staff ? (
        <div className="sm:max-w-xs">
          <label htmlFor={ids.dueDate} className="block font-semibold">
            {t('rfi.form.dueDate')}
          </label>
          <p id={`${ids.dueDate}-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {t('rfi.form.dueDateHint')}
          </p>
          {dueDateError ? (
            <p id={`${ids.dueDate}-error`} className="mt-1 font-semibold text-red-700 dark:text-red-300">
              {dueDateError}
            </p>
          ) : null}
          <input
            id={ids.dueDate}
            type="date"
            min={dueDates.min}
            max={dueDates.max}
            aria-invalid={dueDateError ? true : undefined}
            aria-describedby={[`${ids.dueDate}-hint`, dueDateError ? `${ids.dueDate}-error` : '']
              .filter(Boolean)
              .join(' ')}
            className={fieldClasses}
            {...form.register('dueDate')}
          />
        </div>
      ) : null}
      <UploadWidget
        id={ids.file}
        label={t(staff ? 'rfi.form.fileOptional' : 'rfi.form.fileRequired')}
        hint={t('rfi.form.fileHint')}
        files={files}
        onFilesChange={chooseFiles}
        accept={documentAccept}
        error={fileError}
        disabled={busy}
      />
      <div aria-live="polite">{sent ? <Alert tone="success">{sent}</Alert> : null}</div>
      {sendError ? <Alert tone="error">{sendError}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        {showClose ? (
          <Button variant="secondary" onClick={() => void navigate('/dashboard')}>
            {t('rfi.form.close')}
          </Button>
        ) : null}
        <Button type="submit" disabled={!isValid || busy}>
          {busy ? t('forms.sending') : t('rfi.form.send')}
        </Button>
      </div>
    </form>
  );
}
