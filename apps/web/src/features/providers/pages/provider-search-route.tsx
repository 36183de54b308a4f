import { type ComponentType, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/lib/use-page-title';

/**
 * The provider search's heading and lead, in the first load: they paint as soon as the app
 * starts, while the search itself (`Search`: its code, the directory's settings and the program
 * profile) arrives. The lead is the page's largest text, so a phone shows it without waiting for
 * a second round of requests. The space below holds a screen's height until the search comes,
 * so the footer does not move under the reader.
 */
export function ProviderSearchRoute({ Search }: { Search: ComponentType }) {
  const { t } = useTranslation();
  usePageTitle(t('providerSearch.title'));
  return (
    <article aria-labelledby="provider-search-heading" className="space-y-6">
      <div>
        <h1 id="provider-search-heading" className="text-3xl font-bold">
          {t('providerSearch.title')}
        </h1>
        <p className="mt-2 text-lg">{t('providerSearch.intro')}</p>
      </div>
      <Suspense
        fallback={
          <div className="min-h-dvh">
            <Spinner label={t('app.loading')} />
          </div>
        }
      >
        <Search />
      </Suspense>
    </article>
  );
}
