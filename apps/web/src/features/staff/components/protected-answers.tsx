import { type DraftApplication, type ProtectedField, protectedFieldsOf, revealRequestSchema } from '@ccap/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { revealAnswer } from '../api/reveal-answer';
import { staffErrorMessage } from '../staff-errors';
import { ConfirmDialog } from './reason-dialog';

const reasonFormSchema = revealRequestSchema.pick({ reason: true });

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
  const [error, setError] = useState<string>();
  return (
    <ConfirmDialog
      title={t('staff.reveal.title', { field: label })}
      body={t('staff.reveal.body')}
      confirmLabel={t('staff.reveal.confirm')}
      needsReason
      reasonLabel={t('staff.reveal.reason')}
      reasonSchema={reasonFormSchema}
      reasonInvalid={t('staff.reveal.reasonInvalid')}
      pending={false}
      error={error}
      onConfirm={async (reason) => {
        setError(undefined);
        try {
          const answer = await revealAnswer(applicationId, { field: field.path, reason: reason ?? '' });
          onRevealed(answer.value);
        } catch (caught) {
          setError(staffErrorMessage(t, caught));
        }
      }}
      onCancel={onCancel}
    />
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
