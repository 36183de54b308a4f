import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkClasses } from '@/components/ui/button';
import { useProgramNames, useProgramProfile } from '@/lib/program-profile';
import { usePageTitle } from '@/lib/use-page-title';
import { HelpLine } from '../components/help-line';
import { useLocalize } from '@/lib/localized-text';

/** The questions by topic; the texts are under publicInfo.faq.{topic}.{question}.q / .a. */
const TOPICS = [
  { id: 'applying', questions: ['who', 'how', 'drafts', 'after'] },
  { id: 'documents', questions: ['which', 'upload', 'forms'] },
  { id: 'rfi', questions: ['what', 'answer', 'status'] },
  { id: 'payments', questions: ['rates', 'agreement', 'families'] },
] as const;

/** /pages/faq: real questions about applying, documents, RFIs and payments, as accordions. */
export function FaqPage() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const profile = useProgramProfile();
  const { productName } = useProgramNames();
  usePageTitle(t('publicInfo.faq.title'));
  const values = { state: profile.data ? localize(profile.data.state.name) : '', product: productName ?? '' };
  return (
    <article aria-labelledby="faq-heading" className="max-w-3xl space-y-8">
      <div className="space-y-3">
        <h1 id="faq-heading" className="text-3xl font-bold">
          {t('publicInfo.faq.title')}
        </h1>
        <p className="text-lg">{t('publicInfo.faq.intro')}</p>
      </div>
      {TOPICS.map((topic) => (
        <section key={topic.id} aria-labelledby={`faq-${topic.id}`} className="space-y-3">
          <h2 id={`faq-${topic.id}`} className="text-2xl font-semibold">
            {t(`publicInfo.faq.${topic.id}.heading`)}
          </h2>
          <div className="divide-y divide-slate-300 rounded-lg border border-slate-300 dark:divide-slate-600 dark:border-slate-600">
            {topic.questions.map((question) => (
              <details key={question} className="group">
                <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 font-semibold [&::-webkit-details-marker]:hidden">
                  <span>{t(`publicInfo.faq.${topic.id}.${question}.q`, values)}</span>
                  <span
                    aria-hidden="true"
                    className="shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                  >
                    ▾
                  </span>
                </summary>
                <p className="px-4 pb-4">{t(`publicInfo.faq.${topic.id}.${question}.a`, values)}</p>
              </details>
            ))}
          </div>
        </section>
      ))}
      <section aria-labelledby="faq-more" className="space-y-3">
        <h2 id="faq-more" className="text-2xl font-semibold">
          {t('publicInfo.faq.more.heading')}
        </h2>
        <HelpLine />
        <p>
          <Link to="/pages/knowledge-base" className={linkClasses}>
            {t('publicInfo.faq.more.knowledgeBase')}
          </Link>
        </p>
      </section>
    </article>
  );
}
