import { type ProviderType, type RecordPart, stepStates, type SubmitApplicationResponse } from '@ccap/contracts';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { unavailableMessage } from '@/lib/unavailable-message';
import { useProgramProfile } from '@/lib/program-profile';
import { usePageTitle } from '@/lib/use-page-title';
import { useLookups } from '@/api/get-lookups';
import { useIntlFormat } from '@/lib/intl-format';
import { useMyRenewal } from '@/api/renewal';
import { Confirmation } from '../review/confirmation';
import { ReviewStep } from '../review/review-step';
import { StepForm } from '../wizard/step-form';
import { StepList } from '../wizard/step-list';
import { useLookupLabels } from '@/components/application/lookup-labels';
import { DraftConflictError, type LoadedDraft, useApplicationDraft } from '../wizard/use-application-draft';
import {
  firstOpenStep,
  reachable,
  stepById,
  withStepValues,
  type WizardStep,
  wizardSteps,
} from '../wizard/wizard-steps';

type Notice = 'saveFailed' | 'conflict';

const positiveInt = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};

/**
 * registeredapplication/registration/{registeredprovider|unregisteredprovider}: the eleven
 * steps of the application as one wizard over the user's draft. The address names the draft
 * and the step (?draft=12&step=address-form), so reload, Back and "Edit" links all work.
 */
/**
 * On a renewal's draft (ADR 117): when the step's answers were last confirmed on the record, or,
 * on the conditions step, that the attestations and signature are given anew.
 */
function PreviouslyAnswered({ draftId, field }: { draftId: number | undefined; field: RecordPart }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const renewal = useMyRenewal(draftId !== undefined).data?.renewal;
  if (draftId === undefined || !renewal || renewal.draftId !== draftId) return null;
  if (field === 'conditions') return <Alert tone="info">{t('renewal.signAgain')}</Alert>;
  return (
    <p className="rounded-md border border-slate-300 px-3 py-2 dark:border-slate-600">
      {t('renewal.previouslyAnswered', { date: format.date(renewal.answeredOn[field]) })}
    </p>
  );
}

export function ApplicationWizardPage({ providerType }: { providerType: ProviderType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const lookups = useLookups();
  const labels = useLookupLabels(lookups.data?.data ?? []);
  const { draft, loading, failed, loadError, saving, save, reloadAfterConflict, forget } = useApplicationDraft(
    providerType,
    positiveInt(params.get('draft')),
  );
  const [notice, setNotice] = useState<Notice>();
  // Why the last save failed: a busy or unreachable service says when to try again.
  const [saveError, setSaveError] = useState<unknown>();
  const [submitted, setSubmitted] = useState<SubmitApplicationResponse>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The step list starts open beside the form on wide screens, folded above it on phones.
  const [stepListOpen] = useState(() => window.matchMedia?.('(min-width: 1024px)').matches ?? true);
  const title = t(`application.wizard.title.${providerType}`);
  usePageTitle(title);

  // The program's rules (limits, maximum rates) as the profile gives them, as the server checks them.
  const rules = useProgramProfile().data?.applicationRules;
  const states = draft ? stepStates(draft.application, rules) : [];
  const requested = stepById(params.get('step'));
  const step = draft
    ? requested && reachable(states, requested.index)
      ? requested
      : firstOpenStep(states)
    : undefined;

  // A new step: its heading takes focus (the page does not reload, so say where we are).
  const shownStep = useRef<string>(undefined);
  useEffect(() => {
    if (!step) return;
    if (shownStep.current !== undefined && shownStep.current !== step.id) {
      headingRef.current?.focus();
      window.scrollTo({ top: 0 });
      setNotice(undefined);
    }
    shownStep.current = step.id;
  }, [step]);

  // The first render with the draft and the lookups is the page's biggest (the step's fields, the
  // step list). Deferred, React does it in slices between which the browser paints and answers
  // input, rather than in one long task as soon as the last answer arrives (a slow phone would
  // freeze for it). The spinner stays until then; later renders (saves, steps) are not deferred.
  const showAnswers = useDeferredValue(Boolean(draft && lookups.data));

  const submittedId = submitted?.applicationId ?? positiveInt(params.get('submitted'));
  if (submittedId) {
    return (
      <div className="mx-auto max-w-3xl space-y-6">
        <h1 className="text-3xl font-bold">{title}</h1>
        <Confirmation applicationId={submittedId} submittedAt={submitted?.submittedAt} />
      </div>
    );
  }
  if (failed || lookups.isError) {
    return (
      <Alert tone="error">
        {unavailableMessage(t, loadError ?? lookups.error) ?? t('application.wizard.loadFailed')}
      </Alert>
    );
  }
  if (loading || !draft || !step || !lookups.data || !showAnswers) {
    return <Spinner label={t('application.wizard.loading')} />;
  }

  const hrefFor = (target: WizardStep, id = draft.id) =>
    `?${new URLSearchParams({ ...(id ? { draft: String(id) } : {}), step: target.id }).toString()}`;
  const hrefOf = (target: WizardStep) => hrefFor(target);
  const next = wizardSteps[step.index + 1];
  const previous = wizardSteps[step.index - 1];

  /** Saves the draft; false (and a message, input kept) when it could not be saved. */
  const saveDraft = async (changes: Parameters<typeof save>[0]): Promise<LoadedDraft | undefined> => {
    setNotice(undefined);
    try {
      return await save(changes);
    } catch (error) {
      // Spec section 8: a failed save is logged; here the user is also told, and keeps the input.
      console.error('Saving the draft failed:', error);
      setSaveError(error);
      setNotice(error instanceof DraftConflictError ? 'conflict' : 'saveFailed');
      return undefined;
    }
  };

  const unavailable = notice === 'saveFailed' ? unavailableMessage(t, saveError) : undefined;
  const noticeBlock = unavailable ? (
    <Alert tone="error" title={t('application.wizard.notSaved')}>
      {unavailable}
    </Alert>
  ) : notice ? (
    <Alert tone="error">{t(`application.wizard.${notice}`)}</Alert>
  ) : null;
  const stepTitle = t(`application.steps.${step.id}.title`);

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">{title}</h1>
      <div className="grid gap-8 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <details
          open={stepListOpen}
          className="self-start rounded-md border border-slate-200 p-3 dark:border-slate-700"
        >
          <summary className="cursor-pointer font-semibold">
            {t('application.wizard.stepOf', { current: step.index + 1, total: wizardSteps.length })}
          </summary>
          <div className="mt-3">
            <StepList states={states} current={step} hrefOf={hrefOf} />
          </div>
        </details>
        <section aria-labelledby="step-heading" className="min-w-0 space-y-4">
          <p className="text-slate-700 dark:text-slate-300">
            {t('application.wizard.stepOf', { current: step.index + 1, total: wizardSteps.length })}
            {step.required ? null : ` · ${t('application.wizard.optional')}`}
          </p>
          <h2 id="step-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-semibold">
            {stepTitle}
          </h2>
          <p>{t(`application.steps.${step.id}.lead`)}</p>
          <PreviouslyAnswered draftId={draft.id} field={step.field} />
          {step.id === 'complete-application-form' ? (
            <ReviewStep
              application={draft.application}
              lookups={labels}
              hrefOf={hrefOf}
              notice={noticeBlock}
              save={saveDraft}
              onBack={() => previous && void navigate(hrefOf(previous))}
              onConflict={async () => {
                await reloadAfterConflict();
                setNotice('conflict');
              }}
              onSubmitted={(result) => {
                forget();
                setSubmitted(result);
                void navigate(`?submitted=${result.applicationId}`, { replace: true });
              }}
            />
          ) : (
            <StepForm
              key={step.id}
              step={step}
              providerType={providerType}
              application={draft.application}
              lookups={labels}
              saving={saving}
              notice={noticeBlock}
              onComplete={async (values) => {
                const saved = await saveDraft({
                  [step.field]: withStepValues(draft.application, step, values)[step.field],
                });
                if (saved && next) void navigate(hrefFor(next, saved.id));
                return saved !== undefined;
              }}
              onBack={
                previous
                  ? async (values, dirty) => {
                      // Back keeps what was typed: it goes into the draft as it is, checked or not.
                      const saved = dirty
                        ? await saveDraft({ [step.field]: withStepValues(draft.application, step, values)[step.field] })
                        : draft;
                      if (saved) void navigate(hrefFor(previous, saved.id));
                      return saved !== undefined;
                    }
                  : undefined
              }
              onSkip={step.required || !next ? undefined : () => void navigate(hrefOf(next))}
            />
          )}
        </section>
      </div>
    </div>
  );
}

export const RegisteredProviderApplicationPage = () => <ApplicationWizardPage providerType="registeredprovider" />;
export const UnregisteredProviderApplicationPage = () => <ApplicationWizardPage providerType="unregisteredprovider" />;
