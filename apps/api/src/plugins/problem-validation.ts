import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { z } from 'zod';
import type { FieldError } from '@ccap/contracts';
import type { Labels, LocaleCode } from '../features/application/pdf/labels';

/** zod's own translations of its messages, by the portal's language codes. */
const zodLocales: Record<Exclude<LocaleCode, 'en'>, () => { localeError: z.core.$ZodErrorMap }> = {
  ae: z.locales.ar,
  da: z.locales.da,
  de: z.locales.de,
  el: z.locales.el,
  es: z.locales.es,
  fr: z.locales.fr,
  hu: z.locales.hu,
  it: z.locales.it,
  ja: z.locales.ja,
  pl: z.locales.pl,
  pt: z.locales.pt,
  ru: z.locales.ru,
  sv: z.locales.sv,
  tr: z.locales.tr,
  zh: z.locales.zhCN,
};

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** The part of the request a validation context names. */
const partOf = (request: FastifyRequest, context: string): unknown =>
  context === 'querystring'
    ? request.query
    : context === 'params'
      ? request.params
      : context === 'headers'
        ? request.headers
        : request.body;

const isZodSchema = (value: unknown): value is z.ZodType =>
  typeof value === 'object' && value !== null && 'safeParse' in value && typeof value.safeParse === 'function';

/**
 * The field errors of a request the route's zod schema refused, in the reader's language: the
 * part is checked again with zod's own messages of that language (the contract's own messages,
 * translation keys, are kept as they are), each with its path. Only refused requests pay for it.
 */
export function validationIssues(
  request: FastifyRequest,
  context: string,
  validation: FastifySchemaValidationError[],
  labels: Labels,
): FieldError[] {
  const english = validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'is invalid',
  }));
  if (labels.lang === 'en') return english;
  const schema = (request.routeOptions.schema as Record<string, unknown> | undefined)?.[context];
  if (!isZodSchema(schema)) return english;
  const again = schema.safeParse(partOf(request, context), { error: zodLocales[labels.lang]().localeError });
  if (again.success) return english;
  return again.error.issues.map((issue) => ({
    path: pathOf(issue.path),
    message: labels.has(issue.message) ? labels.t(issue.message) : issue.message,
  }));
}
