import { capacityRulesFor, NO_QUALITY_RATING, providerTypeCodesOf } from '@ccap/contracts';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LabelGroup } from '@/components/ui/form/field-labels';
import { useProgramProfile } from '@/lib/program-profile';
import { CheckboxField, ChoiceGroup, InputField, SelectField } from '../components/form-fields';
import type { StepFieldsProps } from './step-props';

/** apply-category: which kind of provider, among those of the chosen route. */
export function ApplyCategoryFields({ providerType, lookups }: StepFieldsProps) {
  const { t } = useTranslation();
  return (
    <ChoiceGroup
      name="providerTypeCode"
      legend={t('application.fields.providerTypeCode')}
      choices={providerTypeCodesOf(providerType).map((code) => ({
        value: code,
        label: lookups.label('ProviderType', code),
      }))}
    />
  );
}

/**
 * category-types-v1: the category under the provider type, ages served and capacity; then what
 * the program's rules ask of the chosen category and type (the profile's applicationRules): the
 * children by age, a second provider, the children eligible for assistance, the QRS level.
 */
export function CategoryTypesFields({ providerType, application, lookups }: StepFieldsProps) {
  const { t } = useTranslation();
  const rules = useProgramProfile().data?.applicationRules;
  const categoryCode: unknown = useFormContext().watch('categoryCode');
  const chosenType = application.categoryTypes?.providerTypeCode;
  const types = chosenType ? [chosenType] : providerTypeCodesOf(providerType);
  const asked = capacityRulesFor(
    {
      ...application,
      categoryTypes: {
        ...application.categoryTypes,
        categoryCode: typeof categoryCode === 'string' ? categoryCode : undefined,
      },
    },
    rules,
  );
  const limits = asked.category?.limits ?? {};
  const limitHint = (field: keyof typeof limits) => {
    const max = limits[field];
    return max === undefined ? undefined : t('validation.application.categoryLimit', { max });
  };
  return (
    <>
      <SelectField
        name="categoryCode"
        label={t('application.fields.categoryCode')}
        choices={types.flatMap((code) => lookups.choices('Category', code))}
      />
      <ChoiceGroup
        name="agesServed"
        legend={t('application.fields.agesServed')}
        choices={lookups.choices('AgeGroup')}
        multiple
      />
      <InputField
        name="capacity"
        kind="number"
        label={t('application.fields.capacity')}
        hint={[t('application.fields.capacityHint'), limitHint('capacity')].filter(Boolean).join(' ')}
        className="max-w-48"
      />
      {asked.asksAgeCounts ? (
        <fieldset className="space-y-4 rounded-md border border-slate-300 p-4 dark:border-slate-600">
          <legend className="px-1 text-lg font-semibold">{t('application.fields.ageCounts')}</legend>
          <LabelGroup label={t('application.fields.ageCounts')}>
            <div className="grid gap-5 sm:grid-cols-2">
              {(
                ['preschoolChildren', 'childrenUpTo24Months', 'childrenUpTo12Months', 'schoolAgeChildren'] as const
              ).map((field) => (
                <InputField
                  key={field}
                  name={field}
                  kind="number"
                  label={t(`application.fields.${field}`)}
                  hint={limitHint(field)}
                />
              ))}
            </div>
          </LabelGroup>
        </fieldset>
      ) : null}
      {asked.asksSecondProvider ? (
        <CheckboxField name="secondProviderPresent" label={t('application.fields.secondProviderPresent')} />
      ) : null}
      {asked.asksEligibleChildren ? (
        <InputField
          name="eligibleChildren"
          kind="number"
          label={t('application.fields.eligibleChildren')}
          hint={t('validation.application.inHomeMinimum', { min: asked.type?.minEligibleChildren })}
          className="max-w-48"
        />
      ) : null}
      {asked.asksQualityRating ? (
        <SelectField
          name="qualityRating"
          label={t('application.fields.qualityRating')}
          choices={[
            { value: NO_QUALITY_RATING, label: t('application.fields.qualityRatingNone') },
            ...asked.qualityRatingLevels.map((level) => ({
              value: level,
              label: t('application.fields.qualityRatingLevel', { level }),
            })),
          ]}
        />
      ) : null}
    </>
  );
}
