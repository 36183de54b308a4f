import { ageGroupCodes, dayCodes, rateRulesFor } from '@ccap/contracts';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LabelGroup } from '@/components/ui/form/field-labels';
import { useIntlFormat } from '@/lib/intl-format';
import { useProgramProfile } from '@/lib/program-profile';
import { CheckboxField, InputField } from '../components/form-fields';
import type { StepFieldsProps } from './step-props';

/**
 * rates-info-form: dollars per half-day unit, basic and special needs, for each age group; or,
 * for care in the child's home, one rate per unit. Each names the program's maximum for this
 * provider (its type, category and QRS level, from the profile), where the profile gives one.
 */
export function RatesFields({ application, lookups }: StepFieldsProps) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const { perUnit, table } = rateRulesFor(application, useProgramProfile().data?.applicationRules);
  const dollars = (maximum: number | undefined) =>
    [
      t('application.fields.dollars'),
      maximum === undefined ? undefined : t('application.fields.rateMaximum', { amount: format.money(maximum) }),
    ]
      .filter(Boolean)
      .join('. ');
  if (perUnit) {
    return (
      <InputField
        name="inHomeRate"
        kind="money"
        label={t('application.fields.inHomeRate')}
        hint={dollars(perUnit.maximum)}
        className="max-w-64"
      />
    );
  }
  return (
    <div className="space-y-5">
      <h3 className="text-xl font-semibold">{t('application.fields.ratesHeading')}</h3>
      {ageGroupCodes.map((code) => (
        <fieldset key={code} className="space-y-4 rounded-md border border-slate-300 p-4 dark:border-slate-600">
          <legend className="px-1 text-lg font-semibold">{lookups.label('AgeGroup', code)}</legend>
          <LabelGroup label={lookups.label('AgeGroup', code)}>
            <div className="grid gap-5 sm:grid-cols-2">
              <InputField
                name={`rates.${code}.basic`}
                kind="money"
                label={t('application.fields.basic')}
                hint={dollars(table?.maximums[code].basic)}
              />
              <InputField
                name={`rates.${code}.specialNeeds`}
                kind="money"
                label={t('application.fields.specialNeedsRate')}
                hint={dollars(table?.maximums[code].specialNeeds)}
              />
            </div>
          </LabelGroup>
        </fieldset>
      ))}
    </div>
  );
}

/** The note on overnight hours, said once above the days and read with each closing time. */
const OVERNIGHT_NOTE = 'operation-hours-overnight-note';

/** operation-hours-form: each day open or closed with its hours, and the kinds of care. */
export function OperationHoursFields({ lookups }: StepFieldsProps) {
  const { t } = useTranslation();
  const { watch, setValue, getValues } = useFormContext();
  // Hours on a Saturday or a Sunday are weekend care: opening one ticks the box (the rule of
  // the step refuses weekend hours without it, so the review never contradicts the hours).
  const weekendOpen = dayCodes.some(
    (code, index) => (code === 'saturday' || code === 'sunday') && watch(`days.${index}.open`) === true,
  );
  useEffect(() => {
    if (weekendOpen && getValues('weekendCare') !== true)
      setValue('weekendCare', true, { shouldDirty: true, shouldValidate: true });
  }, [weekendOpen, getValues, setValue]);
  return (
    <>
      <h3 className="text-xl font-semibold">{t('application.fields.days')}</h3>
      <p id={OVERNIGHT_NOTE}>{t('application.fields.endHint')}</p>
      <div className="space-y-4">
        {dayCodes.map((code, index) => {
          const day = lookups.label('Day', code);
          const open = watch(`days.${index}.open`) === true;
          return (
            <fieldset key={code} className="rounded-md border border-slate-300 p-4 dark:border-slate-600">
              <legend className="px-1 text-lg font-semibold">{day}</legend>
              <LabelGroup label={day}>
                <CheckboxField name={`days.${index}.open`} label={t('application.fields.open', { day })} />
                {open ? (
                  <div className="mt-4 grid gap-5 sm:grid-cols-2">
                    <InputField name={`days.${index}.start`} kind="time" label={t('application.fields.start')} />
                    <InputField
                      name={`days.${index}.end`}
                      kind="time"
                      label={t('application.fields.end')}
                      describedByNote={OVERNIGHT_NOTE}
                    />
                  </div>
                ) : null}
              </LabelGroup>
            </fieldset>
          );
        })}
      </div>
      <CheckboxField name="eveningOvernightCare" label={t('application.fields.eveningOvernightCare')} />
      <CheckboxField name="weekendCare" label={t('application.fields.weekendCare')} />
      <CheckboxField name="transportation" label={t('application.fields.transportation')} />
    </>
  );
}
