import type { StepResult } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reachable, type WizardStep, wizardSteps } from './wizard-steps';

const STATE_CLASSES: Record<StepResult['state'], string> = {
  done: 'text-green-800 dark:text-green-300',
  'to-do': 'text-slate-700 dark:text-slate-300',
  'has-errors': 'text-red-700 dark:text-red-300',
};

const STATE_MARKS: Record<StepResult['state'], string> = { done: '✓', 'to-do': '○', 'has-errors': '!' };

/**
 * The eleven steps with where each stands (done, to do, has errors), in words as well as
 * colour. Steps after an unfinished required step cannot be opened yet.
 */
export function StepList({
  states,
  current,
  hrefOf,
}: {
  states: StepResult[];
  current: WizardStep;
  hrefOf: (step: WizardStep) => string;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby="step-list-title">
      <h2 id="step-list-title" className="text-lg font-semibold">
        {t('application.wizard.stepList')}
      </h2>
      <ol className="mt-3 space-y-1">
        {wizardSteps.map((step, index) => {
          const state = states[index]!;
          const title = t(`application.steps.${step.id}.title`);
          const status = (
            <span className={`block text-sm ${STATE_CLASSES[state.state]}`}>
              <span aria-hidden="true">{STATE_MARKS[state.state]} </span>
              {t(`application.wizard.state.${state.state}`)}
              {step.required ? null : ` · ${t('application.wizard.optional')}`}
            </span>
          );
          const isCurrent = step.id === current.id;
          return (
            <li key={step.id}>
              {reachable(states, index) ? (
                <Link
                  to={hrefOf(step)}
                  aria-current={isCurrent ? 'step' : undefined}
                  className={`block rounded-md px-3 py-2 hover:bg-slate-100 dark:hover:bg-slate-800 ${
                    isCurrent
                      ? 'border-s-4 border-blue-700 bg-blue-50 font-semibold dark:border-blue-400 dark:bg-slate-800'
                      : ''
                  }`}
                >
                  <span className="block">
                    {index + 1}. {title}
                  </span>
                  {status}
                </Link>
              ) : (
                <div className="px-3 py-2 text-slate-600 dark:text-slate-400">
                  <span className="block">
                    {index + 1}. {title}
                  </span>
                  {status}
                </div>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
