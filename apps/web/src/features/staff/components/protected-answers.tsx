import { type DraftApplication, type ProtectedField, protectedFieldsOf, revealRequestSchema } from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/text-field';
import { revealAnswer } from '../api/reveal-answer';
import { staffErrorMessage } from '../staff-errors';

const reasonFormSchema = revealRequestSchema.pick({ reason: true });
type ReasonForm = z.input<typeof reasonFormSchema>;

function useFieldLabel() {
  const { t } = useTranslation();
  return (field: ProtectedField) => {
    const number = (field.index ?? 0) + 1;
    switch (field.section) {
      case 'w9Info':
        return t('staff.reveal.tin');
      case 'providerInfo':
        return t('staff.reveal.providerBirth');
      case 'assistants':
        return t('staff.reveal.assistantBirth', { number });
      case 'children':
        return t('staff.reveal.childBirth', { number });
      case 'adults':
        return t('staff.reveal.adultBirth', { number });
    }
  };
}

function RevealDialog({
  applicationId,
  field,
  label,
  onRevealed,
  onCancel,
}: {
  applicationId: number;
  field: ProtectedField;
  label: string;
  onRevealed: (value: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [error, setError] = useState<string>();
  const form = useForm<ReasonForm>({
    resolver: zodResolver(reasonFormSchema),
    defaultValues: { reason: '' },
    shouldFocusError: true,
  });
  const reasonError = form.formState.errors.reason;
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async ({ reason }) => {
    setError(undefined);
    try {
      const answer = await revealAnswer(applicationId, { field: field.path, reason: reason.trim() });
      onRevealed(answer.value);
    } catch (caught) {
      setError(staffErrorMessage(t, caught));
    }
  });
  return (
    <AlertDialog titleId={`${id}-title`} descriptionId={`${id}-body`} onEscape={busy ? undefined : onCancel}>
      <form
        onSubmit={(event) => {
          if (busy) event.preventDefault();
          else void submit(event);
        }}
        noValidate
        className="space-y-4"
      >
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {t('staff.reveal.title', { field: label })}
        </h2>
        <p id={`${id}-body`}>{t('staff.reveal.body')}</p>
        <div>
          <label htmlFor={`${id}-reason`} className="block font-semibold">
            {t('staff.reveal.reason')}
          </label>
          {reasonError ? (
            <p id={`${id}-reason-error`} className="mt-1 font-semibold text-red-700 dark:text-red-300">
              {t('staff.reveal.reasonInvalid')}
            </p>
          ) : null}
          <textarea
            id={`${id}-reason`}
            rows={3}
            autoComplete="off"
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? `${id}-reason-error` : undefined}
            className={fieldClasses}
            {...form.register('reason')}
          />
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('staff.decision.cancel')}
          </Button>
          <Button type="submit" aria-disabled={busy || undefined} aria-busy={busy || undefined}>
            {t('staff.reveal.confirm')}
          </Button>
        </div>
      </form>
    </AlertDialog>
  );
}

/**
 * The application's protected answers (taxpayer number, dates of birth), masked, each with a
 * Reveal that asks why and is audited. A revealed value stays in this component's state: gone
 * when the page is left or reloaded, never in the URL or a query cache.
 */
export function ProtectedAnswers({
  applicationId,
  application,
}: {
  applicationId: number;
  application: DraftApplication;
}) {
  const { t } = useTranslation();
  const labelOf = useFieldLabel();
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<ProtectedField>();
  const fields = protectedFieldsOf(application);
  if (fields.length === 0) return null;
  return (
    <section aria-labelledby="protected-answers-heading" className="space-y-4">
      <h2 id="protected-answers-heading" className="text-xl font-semibold">
        {t('staff.reveal.heading')}
      </h2>
      <p>{t('staff.reveal.intro')}</p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
        {fields.map((field) => {
          const label = labelOf(field);
          const value = revealed[field.path];
          return (
            <div key={field.path} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="flex flex-wrap items-center gap-3">
                <span dir="ltr" className="font-mono">
                  {value ?? field.value}
                </span>
                {value === undefined ? (
                  <Button
                    variant="secondary"
                    aria-label={t('staff.reveal.buttonLabel', { field: label })}
                    onClick={() => setAsking(field)}
                  >
                    {t('staff.reveal.button')}
                  </Button>
                ) : null}
              </dd>
            </div>
          );
        })}
      </dl>
      {asking ? (
        <RevealDialog
          applicationId={applicationId}
          field={asking}
          label={labelOf(asking)}
          onRevealed={(value) => {
            setRevealed((current) => ({ ...current, [asking.path]: value }));
            setAsking(undefined);
          }}
          onCancel={() => setAsking(undefined)}
        />
      ) : null}
    </section>
  );
}
