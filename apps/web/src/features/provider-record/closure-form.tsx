import {
  CLOSURE_REASON_MAX,
  closureInputSchema,
  closureKinds,
  type ParsedClosureInput,
  todayIso,
} from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldErrorText, SERVER, zodOptions } from '@/components/ui/form/error-messages';
import { FieldLabels, useFieldLabel } from '@/components/ui/form/field-labels';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { RadioGroupField } from '@/components/ui/radio-group-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { unavailableMessage } from '@/lib/unavailable-message';
import { useRecordClosure } from './api/record-closure';
import { plainError } from './plain-error';

type Values = z.input<typeof closureInputSchema>;
const FIELDS = ['kind', 'startsOn', 'endsOn', 'reason'] as const;
type Field = (typeof FIELDS)[number];
const isField = (value: string): value is Field => (FIELDS as readonly string[]).includes(value);

/** Tells the error summary what each field is called. */
function Labels() {
  const { t } = useTranslation();
  useFieldLabel('kind', t('availability.closures.kind'));
  useFieldLabel('startsOn', t('availability.closures.startsOn'));
  useFieldLabel('endsOn', t('availability.closures.endsOn'));
  useFieldLabel('reason', t('availability.closures.reason'));
  return null;
}

/**
 * "Record a closure": temporary (first and last day closed) or permanent (from a day on), and
 * why. The contract's schema checks it here as the API will; what only the API knows (another
 * closure on those days, a permanent closure already begun) comes back on its field.
 */
export function ClosureForm({ applicationId }: { applicationId: number }) {
  const { t } = useTranslation();
  const record = useRecordClosure(applicationId);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string>();
  const form = useForm<Values, unknown, ParsedClosureInput>({
    resolver: zodResolver(closureInputSchema, zodOptions),
    defaultValues: { kind: 'temporary', startsOn: '', endsOn: '', reason: '' },
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });

  const onSubmit = form.handleSubmit(async (closure) => {
    setDone(false);
    setFormError(undefined);
    await record.mutateAsync(closure).then(
      () => {
        setDone(true);
        form.reset();
      },
      (error: unknown) => {
        const fieldErrors = error instanceof ApiError ? (error.problem?.errors ?? []) : [];
        const onFields = fieldErrors.filter((entry) => isField(entry.path));
        for (const entry of onFields)
          form.setError(entry.path as Field, {
            type: SERVER,
            message: fieldErrorText(t, { type: 'api', message: entry.message }),
          });
        if (onFields.length === 0) setFormError(unavailableMessage(t, error) ?? t('availability.closures.failed'));
      },
    );
  });

  return (
    <section aria-labelledby="closure-form-heading" className="space-y-4">
      <h3 id="closure-form-heading" className="text-xl font-semibold">
        {t('availability.closures.formHeading')}
      </h3>
      <FormProvider {...form}>
        <FieldLabels>
          <Labels />
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
            <FormErrorSummary />
            <RadioGroupField
              id="kind"
              legend={t('availability.closures.kind')}
              hint={t('availability.closures.permanentHint')}
              error={fieldErrorText(t, errors.kind)}
              options={closureKinds.map((value) => ({ value, label: t(`availability.closures.${value}`) }))}
              registration={form.register('kind', {
                onChange: () => {
                  if (form.getValues('kind') === 'permanent') form.setValue('endsOn', '');
                },
              })}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                id="startsOn"
                type="date"
                min={todayIso()}
                label={t('availability.closures.startsOn')}
                error={fieldErrorText(t, errors.startsOn)}
                {...form.register('startsOn')}
              />
              {kind === 'temporary' ? (
                <TextField
                  id="endsOn"
                  type="date"
                  min={todayIso()}
                  label={t('availability.closures.endsOn')}
                  error={fieldErrorText(t, plainError(errors.endsOn))}
                  {...form.register('endsOn')}
                />
              ) : null}
            </div>
            <div className="sm:max-w-xl">
              <TextField
                id="reason"
                label={t('availability.closures.reason')}
                hint={t('availability.closures.reasonHint')}
                maxLength={CLOSURE_REASON_MAX}
                error={fieldErrorText(t, errors.reason)}
                {...form.register('reason')}
              />
            </div>
            <div aria-live="polite">
              {done ? <Alert tone="success">{t('availability.closures.recorded')}</Alert> : null}
            </div>
            {formError ? <Alert tone="error">{formError}</Alert> : null}
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? t('availability.closures.recording') : t('availability.closures.record')}
            </Button>
          </form>
        </FieldLabels>
      </FormProvider>
    </section>
  );
}
