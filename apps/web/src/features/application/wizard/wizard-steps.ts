import {
  type ApplicationStep,
  type ApplicationStepId,
  applicationSteps,
  dayCodes,
  type DraftApplication,
  draftApplicationSchema,
  parseApplication,
  type ProviderType,
  type StepResult,
  providerTypeCodesOf,
} from '@ccap/contracts';
import type { ComponentType } from 'react';
import { ApplyCategoryFields, CategoryTypesFields } from '../steps/category-steps';
import { AdultFields, AssistantFields, ChildFields } from '../steps/people-steps';
import { AddressFormFields, ProviderInformationFields } from '../steps/provider-steps';
import { OperationHoursFields, RatesFields } from '../steps/rates-hours-steps';
import type { StepFieldsProps } from '../steps/step-props';
import { W9Fields } from '../steps/w9-step';

type Values = Record<string, unknown>;

interface StepUi {
  /** The step's fields; the review step has none (it is a page of its own). */
  Fields?: ComponentType<StepFieldsProps>;
  /** What a step shows the first time, before anything was saved for it. */
  defaults?: (providerType: ProviderType, application: DraftApplication) => Values;
  /** Drops answers the user hid (a mailing address "same as care"), before the rules run. */
  prepare?: (values: Values) => Values;
}

const WEEKDAYS = new Set(['monday', 'tuesday', 'wednesday', 'thursday', 'friday']);

const STEP_UI: Record<ApplicationStepId, StepUi> = {
  'apply-category': {
    Fields: ApplyCategoryFields,
    defaults: (providerType) => {
      const codes = providerTypeCodesOf(providerType);
      return codes.length === 1 ? { providerTypeCode: codes[0] } : {};
    },
  },
  'category-types-v1': { Fields: CategoryTypesFields, defaults: () => ({ agesServed: [] }) },
  'provider-information': { Fields: ProviderInformationFields, defaults: () => ({ languageCodes: [] }) },
  'address-form': {
    Fields: AddressFormFields,
    defaults: () => ({ careLocation: { state: 'IA' }, mailingSameAsCare: true }),
    prepare: (values) => {
      if (values.mailingSameAsCare === false) return values;
      const { mailing: _hidden, ...rest } = values;
      return rest;
    },
  },
  'assistant-form': { Fields: AssistantFields, defaults: () => ({ members: [] }) },
  'child-form': { Fields: ChildFields, defaults: () => ({ members: [] }) },
  'adult-form': { Fields: AdultFields, defaults: () => ({ members: [], recordCheckConsent: false }) },
  'w9-info-form': {
    Fields: W9Fields,
    defaults: (_type, application) => {
      const { providerInfo: info = {}, address = {} } = application;
      return {
        legalName: [info.firstName, info.lastName].filter(Boolean).join(' ') || undefined,
        businessName: info.businessName,
        address: (address.mailingSameAsCare === false ? address.mailing : address.careLocation) ?? { state: 'IA' },
        certified: false,
      };
    },
  },
  'rates-info-form': { Fields: RatesFields },
  'operation-hours-form': {
    Fields: OperationHoursFields,
    defaults: () => ({
      days: dayCodes.map((day) => ({ day, open: WEEKDAYS.has(day), start: '07:00', end: '18:00' })),
      eveningOvernightCare: false,
      weekendCare: false,
      transportation: false,
    }),
    // A closed day keeps no hours: they are hidden, and the rules would still check them.
    prepare: (values) => ({
      ...values,
      days: (draftApplicationSchema.shape.operationHoursInfo.parse(values)?.days ?? []).map((day) =>
        day.open ? day : { day: day.day, open: false },
      ),
    }),
  },
  'complete-application-form': {},
};

export type WizardStep = ApplicationStep & StepUi & { index: number };

/** The contract's step table with what the web shows for each step: one table for the wizard. */
export const wizardSteps: WizardStep[] = applicationSteps.map((step, index) => ({
  ...step,
  ...STEP_UI[step.id],
  index,
}));

export const stepById = (id: string | null | undefined) => wizardSteps.find((step) => step.id === id);

/** Steps that save to the same draft field (apply-category and category-types-v1) merge into it. */
const sharesField = (step: ApplicationStep) =>
  applicationSteps.filter((other) => other.field === step.field).length > 1;

/**
 * The draft after a step was completed (or left) with these values: the form's values read as
 * the step's draft answers, as the server will read them.
 */
export function withStepValues(application: DraftApplication, step: ApplicationStep, values: Values): DraftApplication {
  const previous = sharesField(step) ? application[step.field] : undefined;
  const next = parseApplication({ ...application, [step.field]: { ...previous, ...values } });
  if (!next.success) throw new Error(`The ${step.id} step's values do not read as a draft application`);
  return next.data;
}

/** The form's starting values: what was saved for the step, over the step's defaults. */
export function initialValues(step: WizardStep, providerType: ProviderType, application: DraftApplication): Values {
  return { ...step.defaults?.(providerType, application), ...application[step.field] };
}

/**
 * A step can be opened once every required step before it is done: optional steps may be
 * skipped, required ones may not.
 */
export function reachable(states: StepResult[], index: number): boolean {
  return states.slice(0, index).every((state) => !state.required || state.state === 'done');
}

/**
 * Where the wizard opens without a step ("Pick where you left"): the first unfinished
 * required step among those already reached, else the step after the last one started.
 */
export function firstOpenStep(states: StepResult[]): WizardStep {
  const lastStarted = states.findLastIndex((state) => state.state !== 'to-do');
  const blocking = states.findIndex((state, index) => index <= lastStarted && state.required && state.state !== 'done');
  const index = blocking >= 0 ? blocking : Math.min(lastStarted + 1, wizardSteps.length - 1);
  return wizardSteps[index]!;
}

/** The steps that field paths point at ("address.county" → Addresses), each once, in step order. */
export function stepsAt(paths: string[]): WizardStep[] {
  return wizardSteps.filter((step) =>
    paths.some((path) => path === step.id || path === step.field || path.startsWith(`${step.field}.`)),
  );
}
