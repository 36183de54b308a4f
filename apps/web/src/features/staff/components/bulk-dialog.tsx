import {
  type BulkAction,
  type BulkActionKind,
  type BulkActionRequest,
  type BulkActionResponse,
  bulkAssignSchema,
  bulkRequestDocumentSchema,
  bulkSendMessageSchema,
  bulkStartReviewSchema,
  staffProblemTypes,
  type StaffWorker,
} from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type DefaultValues, type FieldError, type FieldValues, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { describedByOf, FieldMessages } from '@/components/ui/field-messages';
import { fieldErrorText, zodOptions } from '@/components/ui/form/error-messages';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { SelectOptions } from '@/components/ui/select-options';
import { Spinner } from '@/components/ui/spinner';
import { fieldClasses, TextAreaField, TextField } from '@/components/ui/text-field';
import { ApiError, problemTypeOf } from '@/lib/api-client';
import { useIntlFormat } from '@/lib/intl-format';
import { useBulkAction } from '../api/bulk-action';
import { useWorkers } from '../api/get-workers';
import { staffErrorMessage } from '../staff-errors';

/** A field's words: a limit passed says so; anything else missing says what to enter. */
const wordsFor = (t: TFunction, error: FieldError | undefined, required: string) =>
  error === undefined ? undefined : error.type === 'too_big' ? fieldErrorText(t, error) : t(required);

/** Why the whole request was refused: the server's own words for the bulk problems, else the staff message. */
function bulkErrorMessage(t: TFunction, error: unknown) {
  const type = problemTypeOf(error);
  const bulk = type === staffProblemTypes.bulkTooMany || type === staffProblemTypes.bulkWorker;
  if (error instanceof ApiError && (bulk || error.status === 422) && error.problem?.detail) return error.problem.detail;
  return staffErrorMessage(t, error);
}

/**
 * The dialog of one bulk action: its fields (over the contract's schema of the action), the
 * count it applies to, and a send that stays busy until the answer. On the answer it hands the
 * result back and closes; a refusal of the whole request stays in the dialog.
 */
export function BulkDialog({
  kind,
  count,
  target,
  onDone,
  onClose,
}: {
  kind: BulkActionKind;
  count: number;
  target: () => BulkActionRequest['target'];
  onDone: (result: BulkActionResponse) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const send = useBulkAction();
  const [error, setError] = useState<string>();
  const run = async (action: BulkAction) => {
    setError(undefined);
    await send
      .mutateAsync({ action, target: target() })
      .then(onDone, (problem: unknown) => setError(bulkErrorMessage(t, problem)));
  };
  const frame = { count: format.number(count), pending: send.isPending, error, onSubmit: run, onCancel: onClose };
  return (
    <ModalDialog open onClose={send.isPending ? () => undefined : onClose} title={t(`staff.bulk.titles.${kind}`)}>
      {kind === 'assign' ? (
        <AssignForm {...frame} />
      ) : kind === 'startReview' ? (
        <ActionForm {...frame} schema={bulkStartReviewSchema} defaultValues={{ kind: 'startReview' }}>
          {() => <p>{t('staff.bulk.startReviewBody')}</p>}
        </ActionForm>
      ) : kind === 'requestDocument' ? (
        <RequestDocumentForm {...frame} />
      ) : (
        <SendMessageForm {...frame} />
      )}
    </ModalDialog>
  );
}

interface FrameProps<T extends BulkAction> {
  count: string;
  pending: boolean;
  error: string | undefined;
  onSubmit: (action: T) => Promise<void>;
  onCancel: () => void;
}

/** A bulk action's form: the count, its fields, the refusal if any, and send or cancel. */
function ActionForm<T extends BulkAction & FieldValues>({
  schema,
  defaultValues,
  count,
  pending,
  error,
  onSubmit,
  onCancel,
  children,
}: FrameProps<T> & {
  schema: z.ZodType<T, T>;
  defaultValues: DefaultValues<T>;
  children: (form: UseFormReturn<T>) => ReactNode;
}) {
  const { t } = useTranslation();
  const form = useForm<T>({ resolver: zodResolver(schema, zodOptions), defaultValues });
  // isSubmitting renders at the press and lasts until the answer: a second press is ignored.
  const busy = pending || form.formState.isSubmitting;
  const submit = form.handleSubmit(onSubmit);
  return (
    <form
      noValidate
      className="mt-4 space-y-4"
      onSubmit={(event) => {
        if (busy) event.preventDefault();
        else void submit(event);
      }}
    >
      <p>{t('staff.bulk.appliesTo', { count })}</p>
      {children(form)}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {pending ? <p role="status">{t('staff.bulk.working')}</p> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" aria-disabled={busy || undefined} aria-busy={pending || undefined}>
          {t('staff.bulk.confirm')}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {t('staff.decision.cancel')}
        </Button>
      </div>
    </form>
  );
}

type AssignAction = z.infer<typeof bulkAssignSchema>;

function AssignForm(props: FrameProps<AssignAction>) {
  const { t } = useTranslation();
  const id = useId();
  const workers = useWorkers();
  return (
    <ActionForm {...props} schema={bulkAssignSchema} defaultValues={{ kind: 'assign', assigneeId: '' }}>
      {(form) =>
        workers.isPending ? (
          <Spinner label={t('app.loading')} />
        ) : workers.isError ? (
          <Alert tone="error">{staffErrorMessage(t, workers.error)}</Alert>
        ) : (
          <WorkerSelect id={id} form={form} workers={workers.data.workers} />
        )
      }
    </ActionForm>
  );
}

/** Whom to assign to. It arrives after the dialog opened (and focused its first control), so it takes the focus. */
function WorkerSelect({
  id,
  form,
  workers,
}: {
  id: string;
  form: UseFormReturn<AssignAction>;
  workers: StaffWorker[];
}) {
  const { t } = useTranslation();
  const { setFocus } = form;
  useEffect(() => setFocus('assigneeId'), [setFocus]);
  const error = wordsFor(t, form.formState.errors.assigneeId, 'staff.bulk.assigneeRequired');
  return (
    <div>
      <label htmlFor={`${id}-assignee`} className="block font-semibold">
        {t('staff.bulk.assignee')}
      </label>
      <FieldMessages id={`${id}-assignee`} error={error} />
      <select
        id={`${id}-assignee`}
        className={fieldClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(`${id}-assignee`, undefined, error)}
        {...form.register('assigneeId')}
      >
        <option value="">{t('staff.bulk.chooseAssignee')}</option>
        <SelectOptions options={workers.map((worker) => ({ value: worker.id, label: worker.name }))} />
      </select>
    </div>
  );
}

type RequestDocumentAction = z.infer<typeof bulkRequestDocumentSchema>;

/** The fields of the single "Ask for another document", asked once for every application chosen. */
function RequestDocumentForm(props: FrameProps<RequestDocumentAction>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <ActionForm
      {...props}
      schema={bulkRequestDocumentSchema}
      defaultValues={{ kind: 'requestDocument', documentName: '', description: '' }}
    >
      {(form) => {
        const { errors } = form.formState;
        const description = wordsFor(t, errors.description, 'staff.documents.descriptionRequired');
        return (
          <>
            <TextField
              id={`${id}-name`}
              label={t('staff.documents.name')}
              error={wordsFor(t, errors.documentName, 'staff.documents.nameRequired')}
              {...form.register('documentName')}
            />
            <TextAreaField
              id={`${id}-description`}
              label={t('staff.documents.description')}
              error={description}
              {...form.register('description')}
            />
          </>
        );
      }}
    </ActionForm>
  );
}

type SendMessageAction = z.infer<typeof bulkSendMessageSchema>;

/** The worker's words, sent to each provider's inbox as written (ADR 122). */
function SendMessageForm(props: FrameProps<SendMessageAction>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <ActionForm {...props} schema={bulkSendMessageSchema} defaultValues={{ kind: 'sendMessage', message: '' }}>
      {(form) => (
        <TextAreaField
          id={`${id}-message`}
          label={t('staff.bulk.message')}
          hint={t('staff.bulk.messageHint')}
          error={wordsFor(t, form.formState.errors.message, 'staff.bulk.messageRequired')}
          {...form.register('message')}
        />
      )}
    </ActionForm>
  );
}
