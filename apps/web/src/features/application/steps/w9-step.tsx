import { maskTin } from '@ccap/contracts';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CheckboxField, ChoiceGroup, InputField, SelectField } from '../components/form-fields';
import { AddressFields } from './provider-steps';
import type { StepFieldsProps } from './step-props';

/**
 * The taxpayer number: once saved it is shown masked (last four digits) and only replaced
 * when the provider chooses to change it, so it is not on screen for anyone looking over.
 */
function TinField() {
  const { t } = useTranslation();
  const { getValues, setValue } = useFormContext();
  const value: unknown = getValues('tin');
  const saved = typeof value === 'string' ? value : undefined;
  const [editing, setEditing] = useState(!saved);
  if (!editing && saved) {
    return (
      <div>
        <p className="font-semibold">{t('application.fields.tin')}</p>
        <p className="mt-1" id="tin">
          {t('application.fields.tinMasked', { last4: maskTin(saved).slice(-4) })}
        </p>
        <Button
          variant="secondary"
          className="mt-2"
          onClick={() => {
            setValue('tin', '');
            setEditing(true);
          }}
        >
          {t('application.fields.changeTin')}
        </Button>
      </div>
    );
  }
  return (
    <InputField
      name="tin"
      label={t('application.fields.tin')}
      hint={t('application.fields.tinHint')}
      autoComplete="off"
      className="max-w-80"
    />
  );
}

/** w9-info-form: the facts of IRS form W-9. */
export function W9Fields({ lookups }: StepFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <InputField name="legalName" label={t('application.fields.legalName')} autoComplete="name" />
      <InputField name="businessName" label={t('application.fields.businessName')} autoComplete="organization" />
      <SelectField
        name="taxClassificationCode"
        label={t('application.fields.taxClassificationCode')}
        choices={lookups.choices('TaxClassification')}
      />
      <ChoiceGroup
        name="tinType"
        legend={t('application.fields.tinType')}
        choices={(['ssn', 'ein'] as const).map((code) => ({
          value: code,
          label: t(`application.fields.tinTypes.${code}`),
        }))}
      />
      <TinField />
      <AddressFields prefix="address" legend={t('application.fields.w9Address')} lookups={lookups} />
      <CheckboxField name="certified" label={t('application.fields.certified')} />
    </>
  );
}
