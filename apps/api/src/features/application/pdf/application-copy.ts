import {
  type AnswerFormat,
  type AnswerSection,
  applicationAnswers,
  type DraftApplication,
  localize,
  type LookupType,
  type ProgramProfile,
} from '@ccap/contracts';
import type { Formats } from './formats';
import type { Labels, LocaleCode } from './labels';

/** The submitted application as read for its copy. */
export interface SubmittedApplication {
  id: number;
  providerType: string;
  submittedAt: Date;
  application: DraftApplication;
}

/** Everything a PDF copy shows, already in the reader's language and formats. */
export interface ApplicationCopy {
  lang: LocaleCode;
  tag: string;
  direction: 'ltr' | 'rtl';
  programName: string;
  agencyName: string;
  heading: string;
  facts: string[];
  sections: AnswerSection[];
  /** "#42" and the page, for the footer of every page. */
  reference: string;
}

/** The answers in the reader's language, written as the PDF writes them. */
function answerFormat(labels: Labels, f: Formats, profile?: ProgramProfile): AnswerFormat {
  const { t } = labels;
  const named = (type: LookupType, code: string) => {
    const key = `application.lookups.${type}.${code}`;
    return labels.has(key) ? t(key) : code;
  };
  return {
    t,
    training: (code) => {
      const rule = profile?.credentials?.trainings.find((candidate) => candidate.code === code);
      return rule ? localize(rule.name, labels.lang) : code;
    },
    date: f.date,
    time: f.time,
    money: f.money,
    number: f.number,
    lookup: (type, code) => {
      switch (type) {
        // Counties and states are the place names they are.
        case 'County':
        case 'State':
          return code;
        case 'Day':
          return f.day(code);
        case 'Language':
          return f.language(code) ?? named(type, code);
        default:
          return named(type, code);
      }
    },
  };
}

/** The copy of a submitted application: every step of the shared table, in its order. */
export function buildApplicationCopy(input: {
  submitted: SubmittedApplication;
  profile: ProgramProfile;
  labels: Labels;
  formats: Formats;
}): ApplicationCopy {
  const { submitted, profile, labels, formats } = input;
  const { t } = labels;
  const wizardTitle = `application.wizard.title.${submitted.providerType}`;
  return {
    lang: labels.lang,
    tag: formats.tag,
    direction: labels.lang === 'ae' ? 'rtl' : 'ltr',
    programName: localize(profile.productName, labels.lang),
    agencyName: localize(profile.agencyName, labels.lang),
    heading: labels.has(wizardTitle) ? t(wizardTitle) : submitted.providerType,
    facts: [
      t('application.confirmation.body', { id: submitted.id }),
      t('application.confirmation.submittedOn', { date: formats.dateTime(submitted.submittedAt) }),
    ],
    sections: applicationAnswers(submitted.application, answerFormat(labels, formats, profile)),
    reference: `#${submitted.id}`,
  };
}
