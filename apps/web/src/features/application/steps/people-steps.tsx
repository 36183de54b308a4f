import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { LabelGroup } from '@/components/ui/form/field-labels';
import { DateOfBirthField } from '../components/date-of-birth-field';
import { CheckboxField, InputField, SelectField } from '../components/form-fields';
import type { StepFieldsProps } from './step-props';

type Kind = 'assistant' | 'child' | 'adult';

const EMPTY: Record<Kind, Record<string, unknown>> = {
  assistant: { firstName: '', lastName: '' },
  child: { firstName: '', lastName: '', specialNeeds: false },
  adult: { firstName: '', lastName: '' },
};

/**
 * A list of people (assistants, children, adults in the home): one fieldset each, added and
 * removed with buttons; a new person's first field takes focus.
 */
function PeopleList({ kind, lookups }: { kind: Kind; lookups: StepFieldsProps['lookups'] }) {
  const { t } = useTranslation();
  const { control, watch } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: 'members' });
  return (
    <div className="space-y-5">
      {fields.length === 0 ? <p>{t('application.wizard.noPeople')}</p> : null}
      {fields.map((field, index) => {
        const path = `members.${index}`;
        const name = [watch(`${path}.firstName`), watch(`${path}.lastName`)].filter(Boolean).join(' ');
        const heading = t('application.wizard.personHeading', { number: index + 1 });
        return (
          <fieldset key={field.id} className="space-y-5 rounded-md border border-slate-300 p-4 dark:border-slate-600">
            <legend className="px-1 text-lg font-semibold">{heading}</legend>
            <LabelGroup label={heading}>
              <div className="grid gap-5 sm:grid-cols-2">
                <InputField name={`${path}.firstName`} label={t('application.fields.firstName')} />
                <InputField name={`${path}.lastName`} label={t('application.fields.lastName')} />
              </div>
              <DateOfBirthField name={`${path}.dateOfBirth`} className="max-w-60" />
              {kind === 'assistant' ? (
                <>
                  <InputField
                    name={`${path}.phone`}
                    kind="tel"
                    label={t('application.fields.assistantPhone')}
                    hint={t('application.fields.phoneHint')}
                  />
                  <InputField name={`${path}.email`} kind="email" label={t('application.fields.assistantEmail')} />
                </>
              ) : (
                <SelectField
                  name={`${path}.relationshipCode`}
                  label={t('application.fields.relationshipCode')}
                  choices={lookups.choices('Relationship')}
                />
              )}
              {kind === 'child' ? (
                <CheckboxField name={`${path}.specialNeeds`} label={t('application.fields.specialNeeds')} />
              ) : (
                // Record check and fingerprinting: asked of the adults, and of assistants aged 18 or older.
                <div className="grid gap-5 sm:grid-cols-2">
                  <InputField
                    name={`${path}.recordCheckOn`}
                    kind="date"
                    label={t('application.fields.recordCheckOn')}
                  />
                  <InputField
                    name={`${path}.fingerprintedOn`}
                    kind="date"
                    label={t('application.fields.fingerprintedOn')}
                  />
                </div>
              )}
            </LabelGroup>
            <Button variant="secondary" onClick={() => remove(index)}>
              {t('application.wizard.removePerson', { name: name || heading })}
            </Button>
          </fieldset>
        );
      })}
      <Button variant="secondary" onClick={() => append({ ...EMPTY[kind] })}>
        {t('application.wizard.addPerson')}
      </Button>
    </div>
  );
}

export function AssistantFields({ lookups }: StepFieldsProps) {
  return <PeopleList kind="assistant" lookups={lookups} />;
}

export function ChildFields({ lookups }: StepFieldsProps) {
  return <PeopleList kind="child" lookups={lookups} />;
}

export function AdultFields({ lookups }: StepFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PeopleList kind="adult" lookups={lookups} />
      <CheckboxField name="recordCheckConsent" label={t('application.fields.recordCheckConsent')} />
    </>
  );
}
