import { type DraftApplication, isMasked, type ProviderType, stepSchemaWithRules } from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, type ReactNode, useRef } from 'react';
import { type FieldErrors, FormProvider, get, type Resolver, useForm } from 'react-hook-form';
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
  /**
   * Masked answers stand for answers on file (a reported change): the step's rules pass them,
   * the server puts the real answer back and checks it.
   */
  maskedOnFile?: boolean;
}

/** The paths ("members.0.dateOfBirth") of the masked answers in a step's values. */
function maskedPaths(node: unknown, at = ''): string[] {
  if (typeof node === 'string') return isMasked(node) ? [at] : [];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => maskedPaths(value, at ? `${at}.${key}` : key));
}

/** Whether an error tree holds no error any more. */
function noErrorIn(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return true;
  if (!Array.isArray(node) && ('message' in node || 'type' in node)) return false;
  return Object.values(node).every(noErrorIn);
}

/** A step's errors without those of the given paths. */
function withoutErrorsAt(errors: FieldErrors, paths: string[]): FieldErrors {
  for (const path of paths) {
    const keys = path.split('.');
    const last = keys.pop()!;
    const parent: unknown = keys.length ? get(errors, keys.join('.')) : errors;
    if (typeof parent === 'object' && parent !== null) delete (parent as Record<string, unknown>)[last];
  }
  return errors;
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
  maskedOnFile = false,
}: StepFormProps) {
  const { t } = useTranslation();
  const leaving = useRef(false);
  // The step's shared schema with the program's rules (limits, maximum rates) for this
  // application, after the answers the user hid are dropped: what the server would refuse.
  const rules = useProgramProfile().data?.applicationRules;
  const checkStep = zodResolver<Values, unknown, Values>(stepSchemaWithRules(step, application, rules), zodOptions);
  const resolver: Resolver<Values> = async (values, context, options) => {
    const prepared = step.prepare ? step.prepare(values) : values;
    const result = await checkStep(prepared, context, options);
    const masked = maskedOnFile ? maskedPaths(prepared) : [];
    if (masked.length === 0) return result;
    // The answers on file passed when they were given; the server checks them again on sending.
    const errors = withoutErrorsAt(result.errors, masked);
    return noErrorIn(errors) ? { values: prepared, errors: {} } : { values: {}, errors };
  };
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
