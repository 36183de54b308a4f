import { z } from 'zod';
import { providerTypeSchema } from '../application/application';
import { localeCodeSchema } from '../identity';

// Announcements (/api/Admin/announcements): administrators write to providers chosen by filters.

export const ANNOUNCEMENT_TITLE_MAX = 200;
export const ANNOUNCEMENT_BODY_MAX = 5000;

/**
 * A provider's status as the audience filter reads it: its record's state once approved
 * (`active`, `lapsed` past its approval's last day, `ended`), else its application's status.
 */
export const announcementProviderStatuses = [
  'active',
  'lapsed',
  'ended',
  'submitted',
  'in-review',
  'information-requested',
  'denied',
  'withdrawn',
] as const;
export const announcementProviderStatusSchema = z.enum(announcementProviderStatuses);
export type AnnouncementProviderStatus = z.infer<typeof announcementProviderStatusSchema>;

export const announcementMessages = {
  titleRequired: 'validation.announcements.titleRequired',
  titleOneLine: 'validation.announcements.titleOneLine',
  bodyRequired: 'validation.announcements.bodyRequired',
  englishRequired: 'validation.announcements.englishRequired',
  languageTwice: 'validation.announcements.languageTwice',
} as const;

/** The audience: each list empty means "any"; values within a list are alternatives. */
export const announcementFiltersSchema = z.object({
  counties: z.array(z.string().min(1).max(100)).max(200).default([]),
  providerTypes: z.array(providerTypeSchema).max(10).default([]),
  statuses: z.array(announcementProviderStatusSchema).max(announcementProviderStatuses.length).default([]),
  /** Only providers advertising at least one opening now. */
  withOpenings: z.boolean().default(false),
});
export type AnnouncementFilters = z.output<typeof announcementFiltersSchema>;
export type AnnouncementFiltersInput = z.input<typeof announcementFiltersSchema>;

/** One language's version: a one-line title and a plain-text body (never read as HTML). */
export const announcementVersionSchema = z.object({
  language: localeCodeSchema,
  title: z
    .string()
    .trim()
    .min(1, announcementMessages.titleRequired)
    .max(ANNOUNCEMENT_TITLE_MAX, `validation.application.tooLong.${ANNOUNCEMENT_TITLE_MAX}`)
    .refine((title) => !/\p{Cc}/u.test(title), announcementMessages.titleOneLine),
  body: z
    .string()
    .trim()
    .min(1, announcementMessages.bodyRequired)
    .max(ANNOUNCEMENT_BODY_MAX, `validation.application.tooLong.${ANNOUNCEMENT_BODY_MAX}`),
});
export type AnnouncementVersion = z.infer<typeof announcementVersionSchema>;

/** One version per language, English among them (the fallback). */
export const announcementVersionsSchema = z
  .array(announcementVersionSchema)
  .min(1, announcementMessages.englishRequired)
  .max(16)
  .superRefine((versions, context) => {
    const seen = new Set<string>();
    versions.forEach((version, index) => {
      if (seen.has(version.language)) {
        context.addIssue({ code: 'custom', path: [index, 'language'], message: announcementMessages.languageTwice });
      }
      seen.add(version.language);
    });
    if (!seen.has('en')) context.addIssue({ code: 'custom', message: announcementMessages.englishRequired });
  });

export const audienceRequestSchema = z.object({ filters: announcementFiltersSchema });
export const audienceSchema = z.object({
  /** How many provider accounts the filters reach now. */
  count: z.number().int().nonnegative(),
});
export type Audience = z.infer<typeof audienceSchema>;

export const sendAnnouncementRequestSchema = z.object({
  /** Chosen by the page once per message: the same key sent again is the same announcement. */
  sendKey: z.uuid(),
  filters: announcementFiltersSchema,
  versions: announcementVersionsSchema,
});
export type SendAnnouncementRequest = z.input<typeof sendAnnouncementRequestSchema>;

export const announcementSchema = z.object({
  id: z.number().int(),
  sentAt: z.string(),
  sentBy: z.string(),
  /** The recipients when it was sent. */
  audience: z.number().int().nonnegative(),
  /** How many have it in their inbox so far. */
  delivered: z.number().int().nonnegative(),
  languages: z.array(localeCodeSchema),
  title: z.string(),
  filters: announcementFiltersSchema,
});
export type Announcement = z.infer<typeof announcementSchema>;
export const announcementListSchema = z.object({ data: z.array(announcementSchema) });
export type AnnouncementList = z.infer<typeof announcementListSchema>;
