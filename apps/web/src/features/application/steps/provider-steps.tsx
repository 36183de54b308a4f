import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateOfBirthField } from '../components/date-of-birth-field';
import { CheckboxField, ChoiceGroup, InputField, SelectField } from '../components/form-fields';
import type { LookupLabels } from '@/components/application/lookup-labels';
import type { StepFieldsProps } from './step-props';
import { TrainingFields } from './training-fields';
import { LabelGroup } from '@/components/ui/form/field-labels';

/** provider-information: the provider as a person, and the business. */
export function ProviderInformationFields({ lookups, providerType }: StepFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField name="firstName" label={t('application.fields.firstName')} autoComplete="given-name" />
        <InputField name="lastName" label={t('application.fields.lastName')} autoComplete="family-name" />
      </div>
      <DateOfBirthField name="dateOfBirth" autoComplete="bday" className="max-w-60" />
      <InputField
        name="phone"
        kind="tel"
        label={t('application.fields.phone')}
        hint={t('application.fields.phoneHint')}
        autoComplete="tel-national"
      />
      <InputField name="email" kind="email" label={t('application.fields.email')} autoComplete="email" />
      <InputField name="businessName" label={t('application.fields.businessName')} autoComplete="organization" />
      <ChoiceGroup
        name="languageCodes"
        legend={t('application.fields.languageCodes')}
        choices={lookups.choices('Language')}
        multiple
      />
      <TrainingFields providerType={providerType} />
    </>
  );
}

/** A postal address as one fieldset; `prefix` is its path in the step ("careLocation"). */
export function AddressFields({ prefix, legend, lookups }: { prefix: string; legend: string; lookups: LookupLabels }) {
  const { t } = useTranslation();
  const section = prefix === 'careLocation' ? 'shipping' : 'billing';
  return (
    <fieldset className="space-y-5 rounded-md border border-slate-300 p-4 dark:border-slate-600">
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      <LabelGroup label={legend}>
        <InputField
          name={`${prefix}.address1`}
          label={t('application.fields.address1')}
          autoComplete={`${section} address-line1`}
        />
        <InputField
          name={`${prefix}.address2`}
          label={t('application.fields.address2')}
          autoComplete={`${section} address-line2`}
        />
        <InputField
          name={`${prefix}.city`}
          label={t('application.fields.city')}
          autoComplete={`${section} address-level2`}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            name={`${prefix}.state`}
            label={t('application.fields.state')}
            choices={lookups.choices('State')}
            autoComplete={`${section} address-level1`}
          />
          <InputField
            name={`${prefix}.zipCode`}
            label={t('application.fields.zipCode')}
            hint={t('application.fields.zipCodeHint')}
            autoComplete={`${section} postal-code`}
          />
        </div>
      </LabelGroup>
    </fieldset>
  );
}

/** address-form: where care happens, where mail goes, and the county. */
export function AddressFormFields({ lookups }: StepFieldsProps) {
  const { t } = useTranslation();
  const { watch } = useFormContext();
  const sameAsCare = watch('mailingSameAsCare') !== false;
  return (
    <>
      <AddressFields prefix="careLocation" legend={t('application.fields.careLocation')} lookups={lookups} />
      <SelectField name="county" label={t('application.fields.county')} choices={lookups.choices('County')} />
      <CheckboxField name="mailingSameAsCare" label={t('application.fields.mailingSameAsCare')} />
      {sameAsCare ? null : (
        <AddressFields prefix="mailing" legend={t('application.fields.mailing')} lookups={lookups} />
      )}
    </>
  );
}
