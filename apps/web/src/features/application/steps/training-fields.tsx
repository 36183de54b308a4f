import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { textIn } from '@ccap/contracts/text-in';
import type { ProviderType } from '@ccap/contracts';
import { LabelGroup } from '@/components/ui/form/field-labels';
import { useProgramProfile } from '@/lib/program-profile';
import { InputField } from '../components/form-fields';

interface TrainingEntry {
  code?: string;
  completedOn?: string;
  expiresOn?: string;
}

/**
 * The provider step's "Trainings and checks" (ADR 115): one row per training of the program
 * profile, in its order, with the day it was completed and the expiry its certificate states (if
 * it states one; else the profile's validity counts from the completion day), then the record
 * check, fingerprinting and, for a registered home, the physical examination dates.
 */
export function TrainingFields({ providerType }: { providerType: ProviderType }) {
  const { t, i18n } = useTranslation();
  const { getValues, setValue } = useFormContext();
  const rules = useProgramProfile().data?.credentials;
  const codes = (rules?.trainings ?? []).map((rule) => rule.code).join(' ');

  // The answers in the profile's order, one entry per training, each carrying its code.
  useEffect(() => {
    if (!codes) return;
    const given = (getValues('trainings') as TrainingEntry[] | undefined) ?? [];
    const ordered = codes.split(' ').map((code) => given.find((entry) => entry.code === code) ?? { code });
    const same = given.length === ordered.length && ordered.every((entry, index) => given[index]?.code === entry.code);
    if (!same) setValue('trainings', ordered, { shouldDirty: false });
  }, [codes, getValues, setValue]);

  if (!rules) return null;
  const examAsked =
    !rules.physicalExamination.providerTypes || rules.physicalExamination.providerTypes.includes(providerType);
  const heading = t('application.fields.trainingsHeading');
  return (
    <fieldset className="space-y-5 rounded-md border border-slate-300 p-4 dark:border-slate-600">
      <legend className="px-1 text-lg font-semibold">{heading}</legend>
      <p>{t('application.fields.trainingsIntro')}</p>
      {rules.trainings.map((rule, index) => {
        const name = textIn(rule.name, i18n.language);
        return (
          <fieldset key={rule.code} className="space-y-3 border-t border-slate-200 pt-3 dark:border-slate-700">
            <legend lang={name.lang} className="font-semibold">
              {name.text}
            </legend>
            <LabelGroup label={name.text}>
              <div className="grid gap-5 sm:grid-cols-2">
                <InputField
                  name={`trainings.${index}.completedOn`}
                  kind="date"
                  label={t('application.fields.completedOn')}
                />
                <InputField
                  name={`trainings.${index}.expiresOn`}
                  kind="date"
                  label={t('application.fields.expiresOnStated')}
                  hint={t('application.fields.expiresOnHint')}
                />
              </div>
            </LabelGroup>
          </fieldset>
        );
      })}
      <div className="grid gap-5 border-t border-slate-200 pt-3 sm:grid-cols-2 dark:border-slate-700">
        <InputField name="recordCheckOn" kind="date" label={t('application.fields.recordCheckOn')} />
        <InputField name="fingerprintedOn" kind="date" label={t('application.fields.fingerprintedOn')} />
        {examAsked ? (
          <InputField name="physicalExamOn" kind="date" label={t('application.fields.physicalExamOn')} />
        ) : null}
      </div>
    </fieldset>
  );
}
