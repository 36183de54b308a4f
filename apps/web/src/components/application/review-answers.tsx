import {
  ageGroupCodes,
  type ApplicationStep,
  type ApplicationStepId,
  applicationSteps,
  type DraftAddress,
  type DraftApplication,
  type DraftPerson,
  isMasked,
  maskTin,
} from '@ccap/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkClasses } from '@/components/ui/button';
import { type IntlFormat, useIntlFormat } from '@/lib/intl-format';
import type { LookupLabels } from './lookup-labels';

interface Answer {
  label: string;
  value: string | string[];
}

const str = (value: string | undefined) => value ?? '';
const yesNo = (t: TFunction, value: boolean | undefined) =>
  t(value ? 'application.wizard.yes' : 'application.wizard.no');

function addressLines(address: DraftAddress = {}, lookups: Pick<LookupLabels, 'label'>): string[] {
  const cityLine = [str(address.city), lookups.label('State', str(address.state)), str(address.zipCode)]
    .filter(Boolean)
    .join(' ');
  return [str(address.address1), str(address.address2), cityLine].filter(Boolean);
}

/** Each answer of a step as a label and its value in the reader's language. */
function answersOf(
  id: ApplicationStepId,
  application: DraftApplication,
  t: TFunction,
  format: IntlFormat,
  lookups: Pick<LookupLabels, 'label'>,
): Answer[] {
  const field = (key: string) => t(`application.fields.${key}`);
  // A protected date (a date of birth on a submitted application) comes masked: shown as it is.
  const date = (iso: string | undefined) => (isMasked(iso) ? str(iso) : iso ? format.date(iso) : '');
  const people = (kind: 'assistant' | 'child' | 'adult', members: DraftPerson[] = []) =>
    members.map((person, index) => ({
      label: t('application.wizard.personHeading', { number: index + 1 }),
      value: [
        [str(person.firstName), str(person.lastName)].filter(Boolean).join(' '),
        date(person.dateOfBirth),
        kind === 'assistant' ? [str(person.phone), str(person.email)].filter(Boolean).join(', ') : '',
        kind === 'assistant' ? '' : lookups.label('Relationship', str(person.relationshipCode)),
        kind === 'child' && person.specialNeeds ? field('specialNeeds') : '',
      ].filter(Boolean),
    }));
  switch (id) {
    case 'apply-category': {
      const value = application.categoryTypes ?? {};
      return [{ label: field('providerTypeCode'), value: lookups.label('ProviderType', str(value.providerTypeCode)) }];
    }
    case 'category-types-v1': {
      const value = application.categoryTypes ?? {};
      return [
        { label: field('categoryCode'), value: lookups.label('Category', str(value.categoryCode)) },
        {
          label: field('agesServed'),
          value: (value.agesServed ?? []).map((code) => lookups.label('AgeGroup', code)),
        },
        { label: field('capacity'), value: value.capacity === undefined ? '' : format.number(value.capacity) },
      ];
    }
    case 'provider-information': {
      const value = application.providerInfo ?? {};
      return [
        { label: field('firstName'), value: str(value.firstName) },
        { label: field('lastName'), value: str(value.lastName) },
        { label: field('dateOfBirth'), value: date(value.dateOfBirth) },
        { label: field('phone'), value: str(value.phone) },
        { label: field('email'), value: str(value.email) },
        { label: field('businessName'), value: str(value.businessName) },
        {
          label: field('languageCodes'),
          value: (value.languageCodes ?? []).map((code) => lookups.label('Language', code)),
        },
      ];
    }
    case 'address-form': {
      const value = application.address ?? {};
      return [
        { label: field('careLocation'), value: addressLines(value.careLocation, lookups) },
        { label: field('county'), value: lookups.label('County', str(value.county)) },
        {
          label: field('mailing'),
          value: value.mailingSameAsCare === false ? addressLines(value.mailing, lookups) : field('mailingSameAsCare'),
        },
      ];
    }
    case 'assistant-form':
      return people('assistant', application.assistants?.members);
    case 'child-form':
      return people('child', application.children?.members);
    case 'adult-form':
      return [
        ...people('adult', application.adults?.members),
        { label: field('recordCheckConsent'), value: yesNo(t, application.adults?.recordCheckConsent) },
      ];
    case 'w9-info-form': {
      const value = application.w9Info ?? {};
      return [
        { label: field('legalName'), value: str(value.legalName) },
        { label: field('businessName'), value: str(value.businessName) },
        {
          label: field('taxClassificationCode'),
          value: lookups.label('TaxClassification', str(value.taxClassificationCode)),
        },
        {
          label: field('tinType'),
          value: value.tinType ? t(`application.fields.tinTypes.${value.tinType}`) : '',
        },
        // The number itself never shows again: the last four digits are enough to check it.
        { label: field('tin'), value: maskTin(str(value.tin)) },
        { label: field('w9Address'), value: addressLines(value.address, lookups) },
        { label: field('certified'), value: yesNo(t, value.certified) },
      ];
    }
    case 'rates-info-form': {
      const rates = application.ratesInfo?.rates ?? {};
      const money = (amount: number | undefined) =>
        amount === undefined ? '' : t('application.review.money', { amount: format.money(amount) });
      return ageGroupCodes.map((code) => ({
        label: lookups.label('AgeGroup', code),
        value: [
          `${field('basic')}: ${money(rates[code]?.basic)}`,
          `${field('specialNeedsRate')}: ${money(rates[code]?.specialNeeds)}`,
        ],
      }));
    }
    case 'operation-hours-form': {
      const value = application.operationHoursInfo ?? {};
      return [
        ...(value.days ?? []).map((day) => ({
          label: lookups.label('Day', str(day.day)),
          value: day.open
            ? t('application.review.hoursRange', {
                start: format.timeOfDay(str(day.start)),
                end: format.timeOfDay(str(day.end)),
              })
            : t('application.review.closed'),
        })),
        { label: field('eveningOvernightCare'), value: yesNo(t, value.eveningOvernightCare) },
        { label: field('weekendCare'), value: yesNo(t, value.weekendCare) },
        { label: field('transportation'), value: yesNo(t, value.transportation) },
      ];
    }
    case 'complete-application-form':
      return [];
  }
}

function AnswerValue({ value }: { value: string | string[] }) {
  const { t } = useTranslation();
  if (Array.isArray(value)) {
    if (value.length === 0) return <>{t('application.review.none')}</>;
    return (
      <ul>
        {value.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    );
  }
  return <>{value || t('application.review.notAnswered')}</>;
}

/**
 * Every answer of the application, one section per step in the wizard's order, each with a
 * link back to edit it when `hrefOf` is given (the wizard); read-only without it (staff review).
 */
export function ReviewAnswers({
  application,
  lookups,
  hrefOf,
  headingLevel = 2,
}: {
  application: DraftApplication;
  lookups: Pick<LookupLabels, 'label'>;
  hrefOf?: (step: ApplicationStep) => string;
  /** The heading level of the section (its steps are one level below). */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const StepHeading = headingLevel === 2 ? 'h3' : 'h4';
  return (
    <section aria-labelledby="review-heading" className="space-y-6">
      <Heading id="review-heading" className="text-xl font-semibold">
        {t('application.review.heading')}
      </Heading>
      {applicationSteps
        .filter((step) => step.id !== 'complete-application-form')
        .map((step) => {
          const title = t(`application.steps.${step.id}.title`);
          const answers = application[step.field] ? answersOf(step.id, application, t, format, lookups) : [];
          return (
            <section
              key={step.id}
              aria-labelledby={`review-${step.id}`}
              className="rounded-md border border-slate-300 p-4 dark:border-slate-600"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <StepHeading id={`review-${step.id}`} className="text-lg font-semibold">
                  {title}
                </StepHeading>
                {hrefOf ? (
                  <Link to={hrefOf(step)} className={linkClasses}>
                    {t('application.review.edit', { section: title })}
                  </Link>
                ) : null}
              </div>
              {answers.length === 0 ? (
                <p className="mt-2">
                  {step.required ? t('application.review.notAnswered') : t('application.review.skipped')}
                </p>
              ) : (
                <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,14rem)_1fr]">
                  {answers.map((answer, index) => (
                    <div key={index} className="contents">
                      <dt className="font-semibold">{answer.label}</dt>
                      <dd className="mb-2 sm:mb-0">
                        <AnswerValue value={answer.value} />
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>
          );
        })}
    </section>
  );
}
