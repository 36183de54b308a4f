import {
  type Availability,
  OPENING_AGE_GROUPS,
  OPENINGS_MAX,
  OPENINGS_STALE_AFTER_DAYS,
  openingsInputSchema,
} from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldErrorText, zodOptions } from '@/components/ui/form/error-messages';
import { FieldLabels, useFieldLabel } from '@/components/ui/form/field-labels';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { TextField } from '@/components/ui/text-field';
import { useIntlFormat } from '@/lib/intl-format';
import { unavailableMessage } from '@/lib/unavailable-message';
import { useSaveOpenings } from './api/save-openings';
import { plainError } from './plain-error';

type Values = z.input<typeof openingsInputSchema>;
type Parsed = z.output<typeof openingsInputSchema>;

const valuesOf = (availability: Availability): Values => ({
  openings: OPENING_AGE_GROUPS.map((ageGroup) => ({
    ageGroup,
    count: String(availability.openings.find((opening) => opening.ageGroup === ageGroup)?.count ?? ''),
  })),
});

/** Tells the error summary what each count is called: its age group. */
function Label({ index, label }: { index: number; label: string }) {
  useFieldLabel(`openings.${index}.count`, label);
  return null;
}

/**
 * The openings by age group, each with the day it was last saved and, past
 * OPENINGS_STALE_AFTER_DAYS days, "not updated recently". Saving dates every age group today:
 * saving the same number again says it is still true. An empty count is none.
 */
export function OpeningsForm({ availability }: { availability: Availability }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const save = useSaveOpenings(availability.applicationId);
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string>();
  const form = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(openingsInputSchema, zodOptions),
    defaultValues: valuesOf(availability),
    shouldFocusError: false,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (openings) => {
    setDone(false);
    setFormError(undefined);
    await save.mutateAsync(openings).then(
      (saved) => {
        setDone(true);
        form.reset(valuesOf(saved));
      },
      (error: unknown) => setFormError(unavailableMessage(t, error) ?? t('availability.openings.failed')),
    );
  });

  return (
    <section aria-labelledby="openings-heading" className="space-y-4">
      <h2 id="openings-heading" className="text-2xl font-semibold">
        {t('availability.openings.heading')}
      </h2>
      <p>{t('availability.openings.intro', { days: OPENINGS_STALE_AFTER_DAYS })}</p>
      <FormProvider {...form}>
        <FieldLabels>
          <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
            <FormErrorSummary />
            <div className="grid gap-4 sm:grid-cols-3">
              {OPENING_AGE_GROUPS.map((ageGroup, index) => {
                const saved = availability.openings.find((opening) => opening.ageGroup === ageGroup);
                const label = t(`application.lookups.AgeGroup.${ageGroup}`);
                const hint = saved
                  ? saved.stale
                    ? `${t('availability.openings.updatedOn', { date: format.date(saved.updatedOn) })} – ${t('availability.openings.notUpdatedRecently')}`
                    : t('availability.openings.updatedOn', { date: format.date(saved.updatedOn) })
                  : t('availability.openings.never');
                return (
                  <div key={ageGroup}>
                    <Label index={index} label={label} />
                    <TextField
                      id={`openings-${index}-count`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={OPENINGS_MAX}
                      step={1}
                      label={label}
                      hint={hint}
                      error={fieldErrorText(t, plainError(errors.openings?.[index]?.count))}
                      {...form.register(`openings.${index}.count`)}
                    />
                  </div>
                );
              })}
            </div>
            <div aria-live="polite">
              {done ? <Alert tone="success">{t('availability.openings.saved')}</Alert> : null}
            </div>
            {formError ? <Alert tone="error">{formError}</Alert> : null}
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('availability.openings.saving') : t('availability.openings.save')}
            </Button>
          </form>
        </FieldLabels>
      </FormProvider>
    </section>
  );
}
