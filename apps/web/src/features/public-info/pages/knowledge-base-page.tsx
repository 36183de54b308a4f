import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';

/** Short articles by topic, each leading to the page of the portal that does the thing. */
const TOPICS = [
  {
    id: 'families',
    articles: [
      { id: 'eligibility', to: '/childcareEligibilityInfo' },
      { id: 'search', to: '/ProviderSearch' },
    ],
  },
  {
    id: 'providers',
    articles: [
      { id: 'apply', to: '/registeredapplication' },
      { id: 'licensed', to: '/LicensedProviderInfo' },
      { id: 'forms', to: '/documentandforms' },
    ],
  },
  {
    id: 'afterApplying',
    articles: [
      { id: 'dashboard', to: '/dashboard' },
      { id: 'documents', to: '/dashboard' },
      { id: 'rfi', to: '/dashboard' },
    ],
  },
  {
    id: 'help',
    articles: [
      { id: 'faq', to: '/pages/faq' },
      { id: 'contact', to: '/contactUsComponent' },
    ],
  },
] as const;

/** /pages/knowledge-base: the portal's help, grouped by who needs it. */
export function KnowledgeBasePage() {
  const { t } = useTranslation();
  usePageTitle(t('publicInfo.knowledgeBase.title'));
  return (
    <article aria-labelledby="kb-heading" className="space-y-8">
      <div className="max-w-3xl space-y-3">
        <h1 id="kb-heading" className="text-3xl font-bold">
          {t('publicInfo.knowledgeBase.title')}
        </h1>
        <p className="text-lg">{t('publicInfo.knowledgeBase.intro')}</p>
      </div>
      <div className="grid gap-8 md:grid-cols-2">
        {TOPICS.map((topic) => (
          <section key={topic.id} aria-labelledby={`kb-${topic.id}`} className="space-y-3">
            <h2 id={`kb-${topic.id}`} className="text-2xl font-semibold">
              {t(`publicInfo.knowledgeBase.${topic.id}.heading`)}
            </h2>
            <ul className="space-y-3">
              {topic.articles.map((article) => (
                <li key={article.id}>
                  <article
                    aria-labelledby={`kb-${topic.id}-${article.id}`}
                    className="rounded-lg border border-slate-300 p-4 dark:border-slate-600"
                  >
                    <h3 id={`kb-${topic.id}-${article.id}`} className="text-lg font-semibold">
                      <Link to={article.to} className="text-blue-800 underline hover:no-underline dark:text-blue-300">
                        {t(`publicInfo.knowledgeBase.${topic.id}.${article.id}.title`)}
                      </Link>
                    </h3>
                    <p className="mt-1">{t(`publicInfo.knowledgeBase.${topic.id}.${article.id}.body`)}</p>
                  </article>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </article>
  );
}
