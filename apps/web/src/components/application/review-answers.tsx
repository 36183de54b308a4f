import {
  type AnswerBlock,
  type AnswerField,
  type AnswerFormat,
  applicationAnswers,
  type ApplicationStepId,
  type DraftApplication,
} from '@ccap/contracts';
import { createElement, type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkClasses } from '@/components/ui/button';
import { useIntlFormat } from '@/lib/intl-format';
import { useProgramProfile } from '@/lib/program-profile';
import { textIn } from '@ccap/contracts/text-in';
import type { LookupLabels } from './lookup-labels';

type Level = 3 | 4 | 5;

function Heading({ level, ...props }: { level: Level; id?: string; className: string; children: ReactNode }) {
  return createElement(`h${level}`, props);
}

function Fields({ fields }: { fields: AnswerField[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,14rem)_1fr]">
      {fields.map((field, index) => (
        <div key={index} className="contents">
          <dt className="font-semibold">{field.label}</dt>
          <dd className="mb-2 sm:mb-0">
            {field.lines.length === 1 ? (
              field.lines[0]
            ) : (
              <ul>
                {field.lines.map((line, lineIndex) => (
                  <li key={lineIndex}>{line}</li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** One block of a step's answers; `level` is the heading level of what it heads. */
function Block({ block, level, labelledBy }: { block: AnswerBlock; level: Level; labelledBy: string }) {
  switch (block.kind) {
    case 'fields':
      return <Fields fields={block.fields} />;
    case 'people':
      return (
        <ul className="space-y-4">
          {block.people.map((person, index) => (
            <li key={index} className="space-y-2">
              <Heading level={level} className="font-semibold">
                {person.heading}
              </Heading>
              <Fields fields={person.fields} />
            </li>
          ))}
        </ul>
      );
    case 'table': {
      const [head = [], ...rows] = block.rows;
      return (
        // Fixed columns that wrap: the table fits 320 px in every language, with no scrolling.
        <table aria-labelledby={labelledBy} className="w-full table-fixed text-start [overflow-wrap:anywhere]">
          <thead>
            <tr>
              {head.map((cell, index) => (
                <th key={index} scope="col" className="pe-3 pb-1 text-start font-semibold">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([first, ...cells], rowIndex) => (
              <tr key={rowIndex}>
                <th scope="row" className="pe-3 py-1 text-start font-semibold">
                  {first}
                </th>
                {cells.map((cell, index) => (
                  <td key={index} className="pe-3 py-1">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    }
    case 'subheading':
      return (
        <Heading level={level} className="font-semibold">
          {block.text}
        </Heading>
      );
    case 'list':
      return (
        <ul className="list-disc space-y-1 ps-5">
          {block.items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      );
    case 'text':
      return <p>{block.text}</p>;
  }
}

/** The answers in the reader's language, written as the web app writes them. */
function useAnswerFormat(lookups: Pick<LookupLabels, 'label'>): AnswerFormat {
  const { t, i18n } = useTranslation();
  const format = useIntlFormat();
  const trainings = useProgramProfile().data?.credentials?.trainings;
  return useMemo(
    () => ({
      t: (key, values) => t(key, values),
      training: (code: string) => {
        const rule = trainings?.find((candidate) => candidate.code === code);
        return rule ? textIn(rule.name, i18n.language).text : code;
      },
      date: format.date,
      time: format.timeOfDay,
      money: format.money,
      number: format.number,
      lookup: lookups.label,
    }),
    [t, i18n.language, trainings, format, lookups.label],
  );
}

/**
 * Every answer of the application, one section per step in the wizard's order, each with a
 * link back to edit it when `hrefOf` is given (the wizard); read-only without it (staff review).
 */
export function ReviewAnswers({
  application,
  lookups,
  hrefOf,
  omit = [],
  headingLevel = 2,
}: {
  application: DraftApplication;
  lookups: Pick<LookupLabels, 'label'>;
  hrefOf?: (id: ApplicationStepId) => string;
  /** Steps not shown (the wizard's review asks the last step's questions below the answers). */
  omit?: readonly ApplicationStepId[];
  /** The heading level of the section (its steps are one level below). */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const format = useAnswerFormat(lookups);
  const sections = useMemo(() => applicationAnswers(application, format), [application, format]);
  const SectionHeading = headingLevel === 2 ? 'h2' : 'h3';
  const stepLevel = headingLevel === 2 ? 3 : 4;
  return (
    <section aria-labelledby="review-heading" className="space-y-6">
      <SectionHeading id="review-heading" className="text-xl font-semibold">
        {t('application.review.heading')}
      </SectionHeading>
      {sections
        .filter((section) => !omit.includes(section.id))
        .map((section) => {
          const headingId = `review-${section.id}`;
          return (
            <section
              key={section.id}
              aria-labelledby={headingId}
              className="space-y-3 rounded-md border border-slate-300 p-4 dark:border-slate-600"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Heading level={stepLevel} id={headingId} className="text-lg font-semibold">
                  {section.heading}
                </Heading>
                {hrefOf ? (
                  <Link to={hrefOf(section.id)} className={linkClasses}>
                    {t('application.review.edit', { section: section.heading })}
                  </Link>
                ) : null}
              </div>
              {section.blocks.map((block, index) => (
                <Block key={index} block={block} level={stepLevel === 3 ? 4 : 5} labelledBy={headingId} />
              ))}
            </section>
          );
        })}
    </section>
  );
}
