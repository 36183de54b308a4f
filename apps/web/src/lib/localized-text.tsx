import { type LocalizedText, textIn } from '@ccap/contracts/text-in';
import { createElement, type ElementType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A text of the program profile in the reader's language: `(text) => string`, falling back to English. */
export function useLocalize(): (text: LocalizedText) => string {
  const { i18n } = useTranslation();
  return (text) => textIn(text, i18n.language).text;
}

/**
 * A text of the program profile in the reader's language, as an element (a `span` unless
 * `as` says otherwise). Where the profile has no translation it shows the English text and
 * says so with `lang="en"`, so that a screen reader reads it as English.
 */
export function Localized({
  text,
  as = 'span',
  className,
  id,
}: {
  text: LocalizedText;
  as?: ElementType;
  className?: string;
  id?: string;
}): ReactNode {
  const { i18n } = useTranslation();
  const shown = textIn(text, i18n.language);
  const fellBack = shown.lang === 'en' && i18n.language !== 'en';
  return createElement(as, { className, id, ...(fellBack ? { lang: 'en' } : {}) }, shown.text);
}
