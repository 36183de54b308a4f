import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { buttonClasses, Button } from '@/components/ui/button';
import { fieldErrorText, zodOptions } from '@/components/ui/form/error-messages';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { RadioGroupField } from '@/components/ui/radio-group-field';
import { TextField } from '@/components/ui/text-field';
import { intlFormatOf, useIntlFormat } from '@/lib/intl-format';
import {
  screenEligibility,
  type EligibilityRules,
  type ScreenerAnswers,
  type ScreenerCheck,
  type ScreenerResult,
} from './screen-eligibility';

/**
 * Where a family applies for Child Care Assistance: the state's child care site (the program
 * profile's main child care page), never the portal's provider application.
 */
export function FamilyApplyLink({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} className={buttonClasses('primary')}>
      {t('publicInfo.eligibility.applyFamily')}
    </a>
  );
}

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

/**
 * The screener's answers as typed (numbers in the user's language) and what they mean. Each
 * question has one message, whatever is wrong with its answer.
 */
function screenerSchema(language: string) {
  const number = (field: NumberField, min: number, max: number, whole: boolean) =>
    z
      .string()
      .transform((text) => parseLocalizedNumber(text, language))
      .refine(
        (value) => Number.isFinite(value) && value >= min && value <= max && (!whole || Number.isInteger(value)),
        `publicInfo.screener.errors.${field}`,
      );
  return z.object({
    childAge: number('childAge', 0, 30, true),
    specialNeeds: z
      .enum(['yes', 'no'], { error: 'publicInfo.screener.errors.specialNeeds' })
      .transform((answer) => answer === 'yes'),
    weeklyHours: number('weeklyHours', 0, 168, false),
    householdSize: number('householdSize', 1, 30, true),
    yearlyIncome: number('yearlyIncome', 0, 100_000_000, false),
  }) satisfies z.ZodType<ScreenerAnswers>;
}

type NumberField = 'childAge' | 'weeklyHours' | 'householdSize' | 'yearlyIncome';
type ScreenerSchema = ReturnType<typeof screenerSchema>;
type ScreenerValues = z.input<ScreenerSchema>;

const EMPTY = { childAge: '', weeklyHours: '', householdSize: '', yearlyIncome: '' };

/** One of the four number questions: they differ only in their field and keyboard. */
function NumberQuestion({
  field,
  inputMode,
  narrow = false,
}: {
  field: NumberField;
  inputMode: 'numeric' | 'decimal';
  narrow?: boolean;
}) {
  const { t } = useTranslation();
  const { register, getFieldState, formState } = useFormContext<ScreenerValues>();
  return (
    <TextField
      id={field}
      label={t(`publicInfo.screener.${field}`)}
      hint={t(`publicInfo.screener.${field}Hint`)}
      error={fieldErrorText(t, getFieldState(field, formState).error)}
      inputMode={inputMode}
      autoComplete="off"
      className={narrow ? 'sm:max-w-40' : undefined}
      {...register(field)}
    />
  );
}

/** "See if you may qualify": five questions answered in the browser only, nothing is sent. */
export function EligibilityScreener({
  id,
  rules,
  applyHref,
}: {
  id: string;
  rules: EligibilityRules;
  /** Where a family applies (the state's child care site). */
  applyHref: string;
}) {
  const { t, i18n } = useTranslation();
  const schema = useMemo(() => screenerSchema(i18n.language), [i18n.language]);
  const form = useForm<ScreenerValues, unknown, ScreenerAnswers>({
    resolver: zodResolver(schema, zodOptions),
    defaultValues: EMPTY,
    // The error summary takes the focus on a failed submit.
    shouldFocusError: false,
  });
  const [result, setResult] = useState<ScreenerResult | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const onSubmit = form.handleSubmit(
    (answers) => setResult(screenEligibility(rules, answers)),
    () => setResult(null),
  );

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
      <FormProvider {...form}>
        <FormErrorSummary />
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5">
          <NumberQuestion field="childAge" inputMode="numeric" narrow />
          <RadioGroupField
            id="specialNeeds"
            legend={t('publicInfo.screener.specialNeeds')}
            error={fieldErrorText(t, form.formState.errors.specialNeeds)}
            options={(['yes', 'no'] as const).map((value) => ({ value, label: t(`publicInfo.screener.${value}`) }))}
            registration={form.register('specialNeeds')}
            inline
          />
          <NumberQuestion field="weeklyHours" inputMode="decimal" />
          <NumberQuestion field="householdSize" inputMode="numeric" />
          <NumberQuestion field="yearlyIncome" inputMode="decimal" />
          <Button type="submit">{t('publicInfo.screener.submit')}</Button>
        </form>
      </FormProvider>
      <div aria-live="polite">
        {result ? <ScreenerAnswer result={result} headingRef={resultRef} applyHref={applyHref} /> : null}
      </div>
    </section>
  );
}

function ScreenerAnswer({
  result,
  headingRef,
  applyHref,
}: {
  applyHref: string;
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
      {result.mayQualify ? <FamilyApplyLink href={applyHref} /> : null}
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
