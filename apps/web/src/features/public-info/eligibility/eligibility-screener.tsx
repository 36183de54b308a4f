import { useEffect, useMemo, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses, Button } from '@/components/ui/button';
import { ErrorSummary, type SummaryError } from '@/components/ui/error-summary';
import { TextField } from '@/components/ui/text-field';
import { intlFormatOf, useIntlFormat } from '@/lib/intl-format';
import {
  screenEligibility,
  type EligibilityRules,
  type ScreenerAnswers,
  type ScreenerCheck,
  type ScreenerResult,
} from './screen-eligibility';

type Field = 'childAge' | 'specialNeeds' | 'weeklyHours' | 'householdSize' | 'yearlyIncome';
type Values = Record<Field, string>;

interface NumberFieldProps {
  field: Exclude<Field, 'specialNeeds'>;
  inputMode: 'numeric' | 'decimal';
  narrow?: boolean;
}

const EMPTY: Values = { childAge: '', specialNeeds: '', weeklyHours: '', householdSize: '', yearlyIncome: '' };

/**
 * A number as people type it in their language: spaces, the language's thousands separator
 * and a dollar sign are allowed, and its decimal separator is understood ("35.000" is
 * thirty-five thousand in German, "27,5" twenty-seven and a half).
 */
export function parseLocalizedNumber(text: string, language: string): number {
  const { group, decimal } = intlFormatOf(language).numberSeparators();
  const cleaned = text
    .replace(/[\s\u00a0\u202f$]/g, '')
    .split(group)
    .join('')
    .replace(decimal, '.');
  return cleaned === '' || !/^-?\d*\.?\d+$/.test(cleaned) ? Number.NaN : Number(cleaned);
}
const inRange = (value: number, min: number, max: number, whole: boolean) =>
  Number.isFinite(value) && value >= min && value <= max && (!whole || Number.isInteger(value));

function parseAnswers(values: Values, language: string): { answers?: ScreenerAnswers; errors: Field[] } {
  const parseNumber = (text: string) => parseLocalizedNumber(text, language);
  const childAge = parseNumber(values.childAge);
  const weeklyHours = parseNumber(values.weeklyHours);
  const householdSize = parseNumber(values.householdSize);
  const yearlyIncome = parseNumber(values.yearlyIncome);
  const errors: Field[] = [];
  if (!inRange(childAge, 0, 30, true)) errors.push('childAge');
  if (values.specialNeeds === '') errors.push('specialNeeds');
  if (!inRange(weeklyHours, 0, 168, false)) errors.push('weeklyHours');
  if (!inRange(householdSize, 1, 30, true)) errors.push('householdSize');
  if (!inRange(yearlyIncome, 0, 100_000_000, false)) errors.push('yearlyIncome');
  if (errors.length > 0) return { errors };
  return {
    errors,
    answers: { childAge, specialNeeds: values.specialNeeds === 'yes', weeklyHours, householdSize, yearlyIncome },
  };
}

/** "See if you may qualify": five questions answered in the browser only, nothing is sent. */
export function EligibilityScreener({ id, rules }: { id: string; rules: EligibilityRules }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<Values>(EMPTY);
  const [invalid, setInvalid] = useState<Field[]>([]);
  const [result, setResult] = useState<ScreenerResult | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const set = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const errorOf = (field: Field) => (invalid.includes(field) ? t(`publicInfo.screener.errors.${field}`) : undefined);
  // The four number questions differ only in their field and keyboard.
  const numberField = ({ field, inputMode, narrow = false }: NumberFieldProps) => (
    <TextField
      id={field}
      label={t(`publicInfo.screener.${field}`)}
      hint={t(`publicInfo.screener.${field}Hint`)}
      error={errorOf(field)}
      inputMode={inputMode}
      autoComplete="off"
      className={narrow ? 'sm:max-w-40' : undefined}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
    />
  );
  // Memoised: the summary takes focus whenever its list changes, not on every keystroke.
  const summary: SummaryError[] = useMemo(
    () =>
      invalid.map((field) => ({
        // The radio group's first option is where the summary link lands.
        field: field === 'specialNeeds' ? 'specialNeeds-yes' : field,
        message: t(`publicInfo.screener.errors.${field}`),
      })),
    [invalid, t],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseAnswers(values, i18n.language);
    setInvalid(parsed.errors);
    setResult(parsed.answers ? screenEligibility(rules, parsed.answers) : null);
  };

  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="space-y-6 rounded-xl border border-slate-300 p-4 sm:p-6 dark:border-slate-600 print:hidden"
    >
      <div>
        <h2 id={`${id}-heading`} className="text-2xl font-semibold">
          {t('publicInfo.screener.heading')}
        </h2>
        <p className="mt-2">{t('publicInfo.screener.intro')}</p>
      </div>
      <ErrorSummary title={t('forms.errorSummary')} errors={summary} />
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {numberField({ field: 'childAge', inputMode: 'numeric', narrow: true })}
        <fieldset aria-describedby={invalid.includes('specialNeeds') ? 'specialNeeds-error' : undefined}>
          <legend className="font-semibold">{t('publicInfo.screener.specialNeeds')}</legend>
          {invalid.includes('specialNeeds') ? (
            <p id="specialNeeds-error" className="mt-1 font-semibold text-red-700 dark:text-red-300">
              {errorOf('specialNeeds')}
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-6">
            {(['yes', 'no'] as const).map((option) => (
              <div key={option} className="flex items-center gap-2">
                <input
                  id={`specialNeeds-${option}`}
                  type="radio"
                  name="specialNeeds"
                  value={option}
                  checked={values.specialNeeds === option}
                  onChange={() => set('specialNeeds', option)}
                  className="size-5 accent-blue-700 dark:accent-blue-400"
                />
                <label htmlFor={`specialNeeds-${option}`}>{t(`publicInfo.screener.${option}`)}</label>
              </div>
            ))}
          </div>
        </fieldset>
        {numberField({ field: 'weeklyHours', inputMode: 'decimal' })}
        {numberField({ field: 'householdSize', inputMode: 'numeric' })}
        {numberField({ field: 'yearlyIncome', inputMode: 'decimal' })}
        <Button type="submit">{t('publicInfo.screener.submit')}</Button>
      </form>
      <div aria-live="polite">{result ? <ScreenerAnswer result={result} headingRef={resultRef} /> : null}</div>
    </section>
  );
}

function ScreenerAnswer({
  result,
  headingRef,
}: {
  result: ScreenerResult;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const { t } = useTranslation();
  const reasons = result.mayQualify ? result.checks : result.checks.filter((check) => !check.met);
  const income = result.checks.find((check) => check.id === 'income');
  const format = useIntlFormat();
  return (
    <div
      className={`space-y-3 rounded-md border-s-4 px-4 py-4 ${
        result.mayQualify
          ? 'border-green-700 bg-green-50 text-green-950 dark:border-green-400 dark:bg-green-950 dark:text-green-50'
          : 'border-amber-700 bg-amber-50 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50'
      }`}
    >
      <h3 ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {t(result.mayQualify ? 'publicInfo.screener.resultYes' : 'publicInfo.screener.resultNo')}
      </h3>
      <p>{t(result.mayQualify ? 'publicInfo.screener.resultYesBody' : 'publicInfo.screener.resultNoBody')}</p>
      <ul className="list-disc space-y-1 ps-5">
        {reasons.map((check) => (
          <li key={check.id}>
            <Reason check={check} />
          </li>
        ))}
      </ul>
      {income?.id === 'income' ? (
        <p className="text-sm">
          {t('publicInfo.screener.limitNote', {
            percent: format.percent(income.percent),
            year: String(income.guidelineYear),
          })}
        </p>
      ) : null}
      <p className="font-semibold">{t('publicInfo.screener.disclaimer')}</p>
      {result.mayQualify ? (
        <Link to="/registeredapplication" className={buttonClasses('primary')}>
          {t('publicInfo.eligibility.apply')}
        </Link>
      ) : null}
    </div>
  );
}

function Reason({ check }: { check: ScreenerCheck }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const state = check.met ? 'met' : 'notMet';
  switch (check.id) {
    case 'age':
      return t(`publicInfo.screener.reasons.age.${state}`, {
        age: format.number(check.age),
        limit: format.number(check.limit),
      });
    case 'hours':
      return t(`publicInfo.screener.reasons.hours.${state}`, {
        hours: format.number(check.hours),
        required: format.number(check.required),
      });
    case 'income':
      return t(`publicInfo.screener.reasons.income.${state}`, {
        income: format.money(check.income),
        limit: format.money(check.limit),
        size: format.number(check.householdSize),
      });
  }
}
