import {
  conditionsFormSchema,
  directoryTypeOf,
  type DraftApplication,
  type SubmitApplicationResponse,
  submissionIssues,
  todayIso,
} from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, linkClasses } from '@/components/ui/button';
import { zodOptions } from '@/components/ui/form/error-messages';
import { FieldLabels, LabelGroup } from '@/components/ui/form/field-labels';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { ApiError } from '@/lib/api-client';
import { unavailableMessage } from '@/lib/unavailable-message';
import { isDraftConflict } from '../api/drafts';
import { useSubmitApplication } from '../api/submit-application';
import { CheckboxField, InputField } from '../components/form-fields';
import { useFocusFirstInvalid } from '../wizard/field-errors';
import type { LookupLabels } from '@/components/application/lookup-labels';
import type { LoadedDraft } from '../wizard/use-application-draft';
import { stepById, stepsAt, type WizardStep } from '../wizard/wizard-steps';
import { ReviewAnswers } from '@/components/application/review-answers';
import { useProgramProfile } from '@/lib/program-profile';

const CONDITIONS = ['truth', 'changes', 'records', 'falseInfo'] as const;

/**
 * complete-application-form: every answer to check, the conditions to accept and the
 * electronic signature (typed full name and date), then Submit. The conditions are saved with
 * the draft first, so nothing typed here is lost if submitting fails.
 */
export function ReviewStep({
  application,
  lookups,
  hrefOf,
  notice,
  save,
  onBack,
  onSubmitted,
  onConflict,
}: {
  application: DraftApplication;
  lookups: LookupLabels;
  hrefOf: (step: WizardStep) => string;
  notice?: ReactNode;
  save: (changes: Partial<DraftApplication>) => Promise<LoadedDraft | undefined>;
  onBack: () => void;
  onSubmitted: (result: SubmitApplicationResponse) => void;
  /** Another tab saved the draft after this review: nothing was submitted. */
  onConflict: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const submit = useSubmitApplication();
  const listable = directoryTypeOf(application) !== undefined;
  // Why the submission failed, when it did not name steps to fix.
  const [failure, setFailure] = useState<{ error: unknown }>();
  const [unfinished, setUnfinished] = useState<WizardStep[]>([]);
  const unfinishedRef = useRef<HTMLDivElement>(null);
  const saved = application.conditions;
  const form = useForm<z.input<typeof conditionsFormSchema>, unknown, z.output<typeof conditionsFormSchema>>({
    resolver: zodResolver(conditionsFormSchema, zodOptions),
    defaultValues: {
      // Unticked until accepted: the rules take only a ticked box.
      accepted: saved?.accepted === true ? true : undefined,
      listInDirectory: saved?.listInDirectory ?? false,
      signature: { fullName: '', signedOn: todayIso(), ...saved?.signature },
    },
    shouldFocusError: false,
  });

  const rules = useProgramProfile().data?.applicationRules;
  useEffect(() => {
    if (unfinished.length > 0) unfinishedRef.current?.focus();
  }, [unfinished]);

  const onSubmit = form.handleSubmit(async (conditions) => {
    setFailure(undefined);
    const saved = await save({ conditions });
    if (!saved) return;
    const steps = [...new Set(submissionIssues(saved.application, rules).map((issue) => issue.step))]
      .map((id) => stepById(id))
      .filter((step): step is WizardStep => step !== undefined);
    setUnfinished(steps);
    if (steps.length > 0 || saved.id === undefined) return;
    submit.mutate(
      { draftApplicationId: saved.id, application: saved.application, version: saved.version },
      {
        onSuccess: onSubmitted,
        // A rule only the server can check (the county is one of the program's): the steps it
        // names are listed like unfinished ones; another tab's save since this review reloads
        // the draft and says so; any other failure says so.
        onError: (error) => {
          if (isDraftConflict(error)) {
            // Nothing was submitted either way; if the newer draft cannot be read, say so.
            onConflict().catch((reloadError: unknown) => setFailure({ error: reloadError }));
            return;
          }
          const paths = error instanceof ApiError && error.status === 400 ? error.problem?.errors : undefined;
          const refused = stepsAt((paths ?? []).map((issue) => issue.path));
          if (refused.length > 0) setUnfinished(refused);
          else setFailure({ error });
        },
      },
    );
  });

  useFocusFirstInvalid(form.formState.submitCount, Object.keys(form.formState.errors).length > 0);
  const busy = form.formState.isSubmitting || submit.isPending;
  return (
    <div className="space-y-8">
      <ReviewAnswers
        application={application}
        lookups={lookups}
        hrefOf={(id) => hrefOf(stepById(id)!)}
        omit={['complete-application-form']}
      />
      <FormProvider {...form}>
        <FieldLabels>
          <form
            noValidate
            onSubmit={(event) => void onSubmit(event)}
            className="space-y-6"
            aria-labelledby="conditions-heading"
          >
            <FormErrorSummary takeFocus={false} />
            {notice}
            {unfinished.length > 0 ? (
              <div ref={unfinishedRef} tabIndex={-1}>
                <Alert tone="error" title={t('application.review.stepsToFix')}>
                  <ul className="list-disc ps-5">
                    {unfinished.map((step) => (
                      <li key={step.id}>
                        <Link to={hrefOf(step)} className={linkClasses}>
                          {t(`application.steps.${step.id}.title`)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </Alert>
              </div>
            ) : null}
            {failure ? <SubmitFailure error={failure.error} /> : null}
            <section aria-labelledby="conditions-heading" className="space-y-4">
              <h2 id="conditions-heading" className="text-xl font-semibold">
                {t('application.fields.conditionsHeading')}
              </h2>
              <ul className="list-disc space-y-2 ps-5">
                {CONDITIONS.map((key) => (
                  <li key={key}>{t(`application.fields.conditions.${key}`)}</li>
                ))}
              </ul>
              <CheckboxField name="accepted" label={t('application.fields.accepted')} />
              {/* Care in the child's own home has no place for families to find: it is never listed. */}
              {listable ? (
                <CheckboxField name="listInDirectory" label={t('application.fields.listInDirectory')} />
              ) : null}
            </section>
            <fieldset className="space-y-4 rounded-md border border-slate-300 p-4 dark:border-slate-600">
              <legend className="px-1 text-xl font-semibold">{t('application.fields.signatureHeading')}</legend>
              <p>{t('application.fields.signatureHint')}</p>
              <LabelGroup label={t('application.fields.signatureHeading')}>
                <InputField
                  name="signature.fullName"
                  label={t('application.fields.signatureName')}
                  autoComplete="name"
                />
                <InputField
                  name="signature.signedOn"
                  kind="date"
                  label={t('application.fields.signedOn')}
                  className="max-w-60"
                />
              </LabelGroup>
            </fieldset>
            <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-6 dark:border-slate-700">
              <Button variant="secondary" onClick={onBack} disabled={busy}>
                {t('application.wizard.back')}
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? t('application.review.submitting') : t('application.review.submit')}
              </Button>
            </div>
          </form>
        </FieldLabels>
      </FormProvider>
    </div>
  );
}

/** A busy or unreachable service says when to try again; any other failure, the usual words. */
function SubmitFailure({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const unavailable = unavailableMessage(t, error);
  return unavailable ? (
    <Alert tone="error" title={t('application.review.notSubmitted')}>
      {unavailable}
    </Alert>
  ) : (
    <Alert tone="error">{t('application.review.submitFailed')}</Alert>
  );
}
