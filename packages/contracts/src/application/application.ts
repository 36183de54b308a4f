import { z } from 'zod';
import type { DraftApplication } from './draft-application';
import type { ProviderTypeCode } from './lookups';
import { type ApplicationRules, applicationRuleIssues, applicationRulesInForce, type RuleIssue } from './program-rules';
import {
  addressStepSchema,
  adultsStepSchema,
  applyCategorySchema,
  assistantsStepSchema,
  categoryTypesSchema,
  childrenStepSchema,
  conditionsSchema,
  operationHoursSchema,
  providerInfoSchema,
  ratesInfoSchema,
  w9InfoSchema,
} from './steps';

/** Spec section 4: the two provider types, as the dialog routes name them. */
export const providerTypes = ['registeredprovider', 'unregisteredprovider'] as const;
export const providerTypeSchema = z.enum(providerTypes);
export type ProviderType = z.infer<typeof providerTypeSchema>;

/**
 * The eleven steps of the application (spec section 2), in order, as data: the wizard, the
 * progress list, the review page, the dashboard and the server's submission check all read
 * this one table. `field` is the draft application's field the step saves.
 */
export const applicationSteps = [
  { id: 'apply-category', field: 'categoryTypes', required: false, schema: applyCategorySchema },
  { id: 'category-types-v1', field: 'categoryTypes', required: false, schema: categoryTypesSchema },
  { id: 'provider-information', field: 'providerInfo', required: true, schema: providerInfoSchema },
  { id: 'address-form', field: 'address', required: true, schema: addressStepSchema },
  { id: 'assistant-form', field: 'assistants', required: false, schema: assistantsStepSchema },
  { id: 'child-form', field: 'children', required: true, schema: childrenStepSchema },
  { id: 'adult-form', field: 'adults', required: true, schema: adultsStepSchema },
  { id: 'w9-info-form', field: 'w9Info', required: true, schema: w9InfoSchema },
  { id: 'rates-info-form', field: 'ratesInfo', required: true, schema: ratesInfoSchema },
  { id: 'operation-hours-form', field: 'operationHoursInfo', required: false, schema: operationHoursSchema },
  { id: 'complete-application-form', field: 'conditions', required: true, schema: conditionsSchema },
] as const;

export type ApplicationStep = (typeof applicationSteps)[number];
export type ApplicationStepId = ApplicationStep['id'];
export const applicationStepIds = applicationSteps.map((step) => step.id);

/** Limits a draft must keep to, whatever it holds. */
export const DRAFT_JSON_MAX_BYTES = 256 * 1024;

export interface StepResult {
  id: ApplicationStepId;
  required: boolean;
  state: 'done' | 'to-do' | 'has-errors';
  issues: { path: string; message: string }[];
}

/**
 * A step's schema with the program's rules (program-rules.ts) for the application around it: the
 * web's step form checks its values with it, so the form refuses what the server would refuse.
 */
export function stepSchemaWithRules(
  step: ApplicationStep,
  application: Partial<DraftApplication>,
  rules: ApplicationRules | undefined = applicationRulesInForce(),
) {
  return (step.schema as z.ZodObject).superRefine(
    (value, ctx) => {
      const draft = { ...application, [step.field]: { ...application[step.field], ...value } };
      for (const issue of applicationRuleIssues(draft, rules)) {
        if (issue.step === step.id) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
    },
    // Checked while other answers of the step are still missing, as the server reports them all.
    { when: () => true },
  );
}

/** Where each step stands for a draft: done, still to do, or saved with errors. */
export function stepStates(
  draft: Partial<DraftApplication>,
  rules: ApplicationRules | undefined = applicationRulesInForce(),
): StepResult[] {
  const ruleIssues = applicationRuleIssues(draft, rules);
  return applicationSteps.map((step) => {
    const value = draft[step.field];
    // Two steps share the categoryTypes field: a step is started when a key of its own is there.
    const own = Object.keys(step.schema.shape);
    if (value === undefined || !Object.keys(value).some((key) => own.includes(key))) {
      return { id: step.id, required: step.required, state: 'to-do', issues: [] };
    }
    const result = step.schema.safeParse(value);
    const schemaIssues = result.success
      ? []
      : result.error.issues.map((issue) => ({ path: [step.field, ...issue.path].join('.'), message: issue.message }));
    // The program's rules, where the step's own schema found nothing wrong with the same answer.
    const fromRules = ruleIssues
      .filter((issue: RuleIssue) => issue.step === step.id)
      .map((issue) => ({ path: [step.field, ...issue.path].join('.'), message: issue.message }))
      .filter((issue) => !schemaIssues.some((other) => other.path === issue.path));
    const issues = [...schemaIssues, ...fromRules];
    return {
      id: step.id,
      required: step.required,
      state: issues.length === 0 ? ('done' as const) : ('has-errors' as const),
      issues,
    };
  });
}

/**
 * Submission check: every required step valid, and every optional step that was started
 * valid too. Returns the problems, each with its step and field path.
 */
export function submissionIssues(
  draft: Partial<DraftApplication>,
  rules: ApplicationRules | undefined = applicationRulesInForce(),
) {
  return stepStates(draft, rules).flatMap((step) => {
    if (step.state === 'to-do')
      return step.required ? [{ step: step.id, path: step.id, message: 'validation.application.stepRequired' }] : [];
    return step.issues.map((issue) => ({ step: step.id, ...issue }));
  });
}

/**
 * The provider type an approved application is listed under in the public search, or undefined
 * when it has no place there: care in the child's own home, or a non-registered application that
 * never said which kind it is. A registered provider is a child development home. The review step
 * offers the listing, and the approval publishes it, by this one rule.
 */
export function directoryTypeOf(
  application: Pick<Partial<DraftApplication>, 'providerType' | 'categoryTypes'>,
): ProviderTypeCode | undefined {
  const own = application.providerType ? providerTypeCodesOf(application.providerType) : [];
  const said = application.categoryTypes?.providerTypeCode;
  // Only a kind of the application's own provider type counts: a registered code on a
  // non-registered application (a direct call) is no claim to be registered.
  const code = own.find((candidate) => candidate === said);
  const type = code ?? (own.length === 1 ? own[0] : undefined);
  return type === 'non-registered-in-home' ? undefined : type;
}

/** Provider type codes each route's applications may name: registered one, non-registered two. */
export const providerTypeCodesOf = (providerType: ProviderType): readonly ProviderTypeCode[] =>
  providerType === 'registeredprovider' ? ['registered-cdh'] : ['non-registered-home', 'non-registered-in-home'];

/**
 * A provider type code that is not one of the application's own type (only a direct call can
 * send one: the wizard offers only its route's codes), as a submission issue.
 */
export function providerTypeCodeIssues(application: Partial<DraftApplication>) {
  const said = application.categoryTypes?.providerTypeCode;
  if (said === undefined || !application.providerType) return [];
  return providerTypeCodesOf(application.providerType).some((code) => code === said)
    ? []
    : [{ path: 'categoryTypes.providerTypeCode', message: 'validation.application.providerTypeCode' }];
}
