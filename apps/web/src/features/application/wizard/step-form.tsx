import { type DraftApplication, type ProviderType, stepSchemaWithRules } from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, type ReactNode, useRef } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { zodOptions } from '@/components/ui/form/error-messages';
import { FieldLabels } from '@/components/ui/form/field-labels';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { useProgramProfile } from '@/lib/program-profile';
import type { LookupLabels } from '@/components/application/lookup-labels';
import { useFocusFirstInvalid } from './field-errors';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { initialValues, type WizardStep } from './wizard-steps';

type Values = Record<string, unknown>;

export interface StepFormProps {
  step: WizardStep;
  providerType: ProviderType;
  application: DraftApplication;
  lookups: LookupLabels;
  saving: boolean;
  /** A message about the last save (failed, conflict) shown above the form. */
  notice?: ReactNode;
  /** The step completed: its values passed the rules. */
  onComplete: (values: Values) => Promise<boolean>;
  /** Back: what was typed is kept in the draft as it is, checked or not. */
  onBack?: (values: Values, dirty: boolean) => Promise<boolean>;
  /** Optional steps only. */
  onSkip?: () => void;
}

/**
 * One step of the wizard: its fields from the step table, checked by the step's shared zod
 * schema. The first invalid field takes focus and a summary lists every problem; a user who
 * leaves with unsaved answers is asked first.
 */
export function StepForm({
  step,
  providerType,
  application,
  lookups,
  saving,
  notice,
  onComplete,
  onBack,
  onSkip,
}: StepFormProps) {
  const { t } = useTranslation();
  const leaving = useRef(false);
  // The step's shared schema with the program's rules (limits, maximum rates) for this
  // application, after the answers the user hid are dropped: what the server would refuse.
  const rules = useProgramProfile().data?.applicationRules;
  const checkStep = zodResolver<Values, unknown, Values>(stepSchemaWithRules(step, application, rules), zodOptions);
  const resolver: Resolver<Values> = (values, context, options) =>
    checkStep(step.prepare ? step.prepare(values) : values, context, options);
  const form = useForm<Values>({
    resolver,
    defaultValues: initialValues(step, providerType, application),
    // Focus goes to the first invalid field on the page (the library's order is registration order).
    shouldFocusError: false,
    reValidateMode: 'onChange',
  });
  const { Fields } = step;
  const { errors: fieldErrors, isSubmitting, isDirty, submitCount } = form.formState;
  useFocusFirstInvalid(submitCount, Object.keys(fieldErrors).length > 0);

  // One press, one save: isSubmitting renders at the press (before the step's rules run) and lasts
  // until the save is answered, and `saving` covers Back's save, so a double click's second press
  // finds the buttons disabled.
  const busy = saving || isSubmitting;

  const complete = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    return form.handleSubmit(async (values) => {
      leaving.current = true;
      const saved = await onComplete(values);
      leaving.current = saved;
      if (saved) form.reset(values);
    })(event);
  };

  const back = async () => {
    if (!onBack || busy) return;
    const raw = form.getValues();
    leaving.current = true;
    leaving.current = await onBack(step.prepare ? step.prepare(raw) : raw, form.formState.isDirty);
  };

  return (
    <FormProvider {...form}>
      <FieldLabels>
        <UnsavedChangesGuard when={() => isDirty && !leaving.current} />
        <form noValidate onSubmit={(event) => void complete(event)} className="space-y-6">
          <FormErrorSummary takeFocus={false} />
          {notice}
          <p className="text-slate-700 dark:text-slate-300">{t('application.wizard.requiredNote')}</p>
          {Fields ? <Fields providerType={providerType} application={application} lookups={lookups} /> : null}
          <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-6 dark:border-slate-700">
            {onBack ? (
              <Button variant="secondary" onClick={() => void back()} disabled={busy}>
                {t('application.wizard.back')}
              </Button>
            ) : null}
            <Button type="submit" disabled={busy}>
              {saving ? t('application.wizard.saving') : t('application.wizard.saveAndContinue')}
            </Button>
            {onSkip ? (
              <Button variant="secondary" onClick={onSkip} disabled={busy}>
                {t('application.wizard.skip')}
              </Button>
            ) : null}
          </div>
        </form>
      </FieldLabels>
    </FormProvider>
  );
}
