import { z } from 'zod';
import { providerTypeSchema } from './application';
import * as steps from './steps';

/**
 * A step's answers while they are a draft: every field optional, each of its field's kind only
 * (text, number, yes/no, list, group), none of the step's rules. A draft is saved with errors:
 * "abc" in a phone field stays until the user corrects it.
 */
export type DraftOf<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly (infer Item)[]
        ? DraftOf<Item>[]
        : T extends object
          ? { [Key in keyof T]?: DraftOf<T[Key]> }
          : never;

/** A field's schema reduced to its kind; unwraps what the step's rules wrap around it. */
function kindOf(schema: z.core.$ZodType): z.ZodType {
  // Text of any format (a date, an email address) is text: "string" whatever its class.
  const { type } = schema._zod.def;
  if (type === 'string' || type === 'enum') return z.string();
  if (type === 'number') return z.number();
  if (type === 'boolean') return z.boolean();
  if (schema instanceof z.ZodLiteral) {
    const kinds = new Set(schema.def.values.map((value) => typeof value));
    if (kinds.size === 1 && kinds.has('boolean')) return z.boolean();
    if (kinds.size === 1 && kinds.has('string')) return z.string();
  }
  if (schema instanceof z.ZodArray) return z.array(kindOf(schema.element));
  if (schema instanceof z.ZodObject) return looseObject(schema);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault) return kindOf(schema.unwrap());
  if (schema instanceof z.ZodPipe) return kindOf(schema.in);
  // A step field of another kind needs a rule here; failing when the module loads says so.
  throw new Error(`A draft cannot hold a field of zod type "${type}"`);
}

/** Each field optional and of its kind; a value of another kind is dropped, not refused. */
const looseObject = (schema: z.ZodObject<z.core.$ZodShape>) =>
  z.object(
    Object.fromEntries(
      Object.entries(schema.shape).map(([key, field]) => [key, kindOf(field).optional().catch(undefined)]),
    ),
  );

/**
 * The draft schema of a step's schema. A value that is not of its field's kind (a number where
 * text goes) can only come from a direct call, never from the wizard: it reads as not answered,
 * so the draft still opens. Keys no step knows are dropped.
 */
export function draftStepSchema<Step extends z.ZodObject>(step: Step): z.ZodType<DraftOf<z.input<Step>>>;
export function draftStepSchema(step: z.ZodObject<z.core.$ZodShape>): z.ZodType {
  return looseObject(step);
}

/**
 * The draft application (spec section 3), composed from the eleven steps' schemas: each step's
 * answers as its draft (above). apply-category and category-types-v1 both save `categoryTypes`.
 * A step's value that is not an object at all is refused, as is a provider type that is neither
 * of the two (compared case-insensitively, as "Pick where you left" reads it).
 */
export const draftApplicationSchema = z.object({
  providerType: z.string().toLowerCase().pipe(providerTypeSchema),
  categoryTypes: draftStepSchema(steps.applyCategorySchema.extend(steps.categoryTypesSchema.shape)).optional(),
  providerInfo: draftStepSchema(steps.providerInfoSchema).optional(),
  address: draftStepSchema(steps.addressStepSchema).optional(),
  assistants: draftStepSchema(steps.assistantsStepSchema).optional(),
  children: draftStepSchema(steps.childrenStepSchema).optional(),
  adults: draftStepSchema(steps.adultsStepSchema).optional(),
  w9Info: draftStepSchema(steps.w9InfoSchema).optional(),
  ratesInfo: draftStepSchema(steps.ratesInfoSchema).optional(),
  operationHoursInfo: draftStepSchema(steps.operationHoursSchema).optional(),
  conditions: draftStepSchema(steps.conditionsSchema).optional(),
  draftApplicationId: z.number().int().positive().optional(),
});
export type DraftApplication = z.infer<typeof draftApplicationSchema>;

type MemberOf<Step extends 'assistants' | 'children' | 'adults'> = NonNullable<
  NonNullable<DraftApplication[Step]>['members']
>[number];
/** An address as a draft holds it: the care location's, the mailing one, the W-9's. */
export type DraftAddress = NonNullable<NonNullable<DraftApplication['address']>['careLocation']>;
/** A person as a draft holds them, whichever of the household's lists they are on. */
export type DraftPerson = MemberOf<'assistants'> & MemberOf<'children'> & MemberOf<'adults'>;

export interface ApplicationIssue {
  /** Dotted path in the application ("providerInfo.firstName"); empty for the whole of it. */
  path: string;
  message: string;
}

export type ApplicationParseResult =
  { success: true; data: DraftApplication } | { success: false; issues: ApplicationIssue[] };

/**
 * Reads an application, a draft or a submitted one, from its JSON text or from the parsed value:
 * the one way the API, the web, the PDF copy and the required documents read one.
 */
export function parseApplication(json: unknown): ApplicationParseResult {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch {
      return { success: false, issues: [{ path: '', message: 'is not valid JSON' }] };
    }
  }
  const parsed = draftApplicationSchema.safeParse(value);
  return parsed.success
    ? { success: true, data: parsed.data }
    : {
        success: false,
        issues: parsed.error.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: issue.message,
        })),
      };
}
