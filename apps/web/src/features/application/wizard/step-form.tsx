import type { DraftApplication, ProviderType } from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, type ReactNode, useRef } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ErrorSummary, type SummaryError } from '@/components/ui/error-summary';
import type { LookupLabels } from '@/components/application/lookup-labels';
import { summaryErrors, useFocusFirstInvalid } from './field-errors';
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
  // The step's shared schema, after the answers the user hid are dropped.
  const checkStep = zodResolver<Values, unknown, Values>(step.schema);
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
  // The summary follows the fields while the user corrects them.
  const { errors: fieldErrors, isSubmitted, isDirty, submitCount } = form.formState;
  const errors: SummaryError[] = isSubmitted ? summaryErrors(t, fieldErrors) : [];
  useFocusFirstInvalid(submitCount, Object.keys(fieldErrors).length > 0);

  // One press, one save (ADR 050): `saving` renders only after the step's rules are checked, so a
  // double click's second press could send the same version again and be refused as "changed in
  // another tab". A press holds the draft it was made on; a second press on that same draft does
  // nothing. The hold ends when the step stays as it was (rules not met, save failed), or by
  // itself once the saved draft is shown: a press then works on the newer draft.
  const pressedOn = useRef<DraftApplication>(undefined);
  const once = async (action: () => Promise<boolean>) => {
    if (pressedOn.current === application) return;
    pressedOn.current = application;
    let done = false;
    try {
      done = await action();
    } finally {
      if (!done) pressedOn.current = undefined;
    }
  };

  const complete = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    return once(async () => {
      let saved = false;
      await form.handleSubmit(async (values) => {
        leaving.current = true;
        saved = await onComplete(values);
        leaving.current = saved;
        if (saved) form.reset(values);
      })(event);
      return saved;
    });
  };

  const back = () =>
    once(async () => {
      if (!onBack) return false;
      const raw = form.getValues();
      leaving.current = true;
      leaving.current = await onBack(step.prepare ? step.prepare(raw) : raw, form.formState.isDirty);
      return leaving.current;
    });

  return (
    <FormProvider {...form}>
      <UnsavedChangesGuard when={() => isDirty && !leaving.current} />
      <form noValidate onSubmit={(event) => void complete(event)} className="space-y-6">
        <ErrorSummary title={t('forms.errorSummary')} errors={errors} takeFocus={false} />
        {notice}
        <p className="text-slate-700 dark:text-slate-300">{t('application.wizard.requiredNote')}</p>
        {Fields ? <Fields providerType={providerType} application={application} lookups={lookups} /> : null}
        <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-6 dark:border-slate-700">
          {onBack ? (
            <Button variant="secondary" onClick={() => void back()} disabled={saving}>
              {t('application.wizard.back')}
            </Button>
          ) : null}
          <Button type="submit" disabled={saving}>
            {saving ? t('application.wizard.saving') : t('application.wizard.saveAndContinue')}
          </Button>
          {onSkip ? (
            <Button variant="secondary" onClick={onSkip} disabled={saving}>
              {t('application.wizard.skip')}
            </Button>
          ) : null}
        </div>
      </form>
    </FormProvider>
  );
}
