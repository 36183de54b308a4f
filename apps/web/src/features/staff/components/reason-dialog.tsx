import { type DecisionReasonForm, decisionReasonFormSchema } from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/text-field';

/**
 * A confirmation before a change that cannot be undone. With `needsReason`, a reason is
 * asked for and required (a denial, a withdrawal, a waiver); it is kept in the audit trail.
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  needsReason,
  reasonLabel,
  reasonSchema = decisionReasonFormSchema,
  reasonInvalid,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  body: string;
  confirmLabel: string;
  needsReason: boolean;
  reasonLabel?: string;
  /** The rule the reason must meet (by default, a decision's: present) and what is said when not. */
  reasonSchema?: z.ZodType<DecisionReasonForm, DecisionReasonForm>;
  reasonInvalid?: string;
  pending: boolean;
  error: string | undefined;
  /** Sends; the dialog stays busy until the returned promise settles. */
  onConfirm: (reason: string | undefined) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const form = useForm<DecisionReasonForm>({
    resolver: needsReason ? zodResolver(reasonSchema) : undefined,
    defaultValues: { reason: '' },
    shouldFocusError: true,
  });
  const reasonError = form.formState.errors.reason;
  // isSubmitting renders at the press (before the rules run) and lasts until the send settles, so
  // a double click's second press finds the dialog busy. The button is aria-disabled, not
  // disabled: a disabled button would drop the focus out of the dialog.
  const busy = pending || form.formState.isSubmitting;
  const submit = form.handleSubmit((values) => onConfirm(needsReason ? values.reason.trim() : undefined));
  return (
    <AlertDialog titleId={`${id}-title`} descriptionId={`${id}-body`} onEscape={pending ? undefined : onCancel}>
      <form
        onSubmit={(event) => {
          if (busy) event.preventDefault();
          else void submit(event);
        }}
        noValidate
        className="space-y-4"
      >
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {title}
        </h2>
        <p id={`${id}-body`}>{body}</p>
        {needsReason ? (
          <div>
            <label htmlFor={`${id}-reason`} className="block font-semibold">
              {reasonLabel ?? t('staff.decision.reason')}
            </label>
            {reasonError ? (
              <p id={`${id}-reason-error`} className="mt-1 font-semibold text-red-700 dark:text-red-300">
                {reasonInvalid ?? t('staff.decision.reasonRequired')}
              </p>
            ) : null}
            <textarea
              id={`${id}-reason`}
              rows={4}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              className={fieldClasses}
              {...form.register('reason')}
            />
          </div>
        ) : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {t('staff.decision.cancel')}
          </Button>
          <Button type="submit" aria-disabled={busy || undefined} aria-busy={pending || undefined}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </AlertDialog>
  );
}
