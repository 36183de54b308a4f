import { z } from 'zod';
import { localeCodes } from './identity';
import type { LocalizedText } from './text-in';

export * from './text-in';

const isLocaleCode = (code: string): boolean => (localeCodes as readonly string[]).includes(code);

/**
 * A profile text: a map from locale code to text, or a plain string (an agency's profile
 * written before texts were translatable), read as its English text.
 */
export const localizedTextSchema = (max = 1000) =>
  z
    .preprocess(
      (value) => (typeof value === 'string' ? { en: value } : value),
      z.record(z.string(), z.string().min(1).max(max)),
    )
    .superRefine((texts, context) => {
      if (texts.en === undefined) {
        context.addIssue({ code: 'custom', message: 'needs its English text ("en"), or a plain string' });
      }
      for (const code of Object.keys(texts)) {
        if (!isLocaleCode(code)) {
          context.addIssue({
            code: 'custom',
            path: [code],
            message: `is not a language code (${localeCodes.join(', ')})`,
          });
        }
      }
    })
    .transform((texts) => texts as LocalizedText);

/** The output shape, for answers that send a profile already read (no string form). */
export const localizedTextOutputSchema = z.record(z.string(), z.string()).transform((texts) => texts as LocalizedText);
