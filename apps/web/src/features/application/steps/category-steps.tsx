import { providerTypeCodesOf } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup, InputField, SelectField } from '../components/form-fields';
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

/** category-types-v1: the category under the provider type, ages served and capacity. */
export function CategoryTypesFields({ providerType, application, lookups }: StepFieldsProps) {
  const { t } = useTranslation();
  const chosenType = application.categoryTypes?.providerTypeCode;
  const types = chosenType ? [chosenType] : providerTypeCodesOf(providerType);
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
        hint={t('application.fields.capacityHint')}
        className="max-w-48"
      />
    </>
  );
}
