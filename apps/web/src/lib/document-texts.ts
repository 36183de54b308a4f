import { type DocumentText, localizeRequiredDocument } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { localeFileOf } from './locales';
import { useProgramProfile } from './program-profile';

interface KeptDocument {
  code: string;
  documentName: string;
  description: string;
}

/**
 * A required document's name and description in the reader's language, from the program
 * profile's rule of its code (see localizeRequiredDocument); `lang` is the attribute to put on
 * a text shown in English to a reader of another language, undefined otherwise.
 */
export function useDocumentTexts(): (document: KeptDocument) => {
  name: string;
  description: string;
  nameLang: string | undefined;
  descriptionLang: string | undefined;
} {
  const { i18n } = useTranslation();
  const rules = useProgramProfile().data?.requiredDocuments ?? [];
  const reader = localeFileOf(i18n.language);
  const langOf = (text: DocumentText) => (text.lang === 'en' && reader !== 'en' ? 'en' : undefined);
  return (document) => {
    const { name, description } = localizeRequiredDocument(rules, document, reader);
    return {
      name: name.text,
      description: description.text,
      nameLang: langOf(name),
      descriptionLang: langOf(description),
    };
  };
}
