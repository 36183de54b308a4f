import { z } from 'zod';
import { type localeCodes, localeCodeSchema } from '../identity';

type LocaleCode = (typeof localeCodes)[number];

export { localeIntlTags } from '../locale-tags';

const isTimeZone = (value: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

export const applicationPdfParamsSchema = z.object({
  applicationId: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * GET /api/Application/{applicationId}/pdf: `lang` is one of the portal's locale codes (the
 * signed-in user's preferred language when absent; any other code is a 400), `tz` the IANA
 * time zone the submission time is shown in (UTC when absent).
 */
export const applicationPdfQuerySchema = z.object({
  lang: localeCodeSchema.optional(),
  tz: z.string().min(1).max(64).refine(isTimeZone, 'is not an IANA time zone').optional(),
});
export type ApplicationPdfQuery = z.infer<typeof applicationPdfQuerySchema>;

/** Where the PDF copy of a submitted application is downloaded from (with the bearer token). */
export function applicationPdfPath(applicationId: number, lang?: LocaleCode, timeZone?: string): string {
  const query = new URLSearchParams();
  if (lang) query.set('lang', lang);
  if (timeZone) query.set('tz', timeZone);
  const search = query.toString();
  return `/api/Application/${applicationId}/pdf${search ? `?${search}` : ''}`;
}

/** The file name the PDF is offered under. */
export const applicationPdfFileName = (applicationId: number) => `application-${applicationId}.pdf`;
