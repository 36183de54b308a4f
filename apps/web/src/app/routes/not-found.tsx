import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';

export function NotFoundRoute() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <section aria-labelledby="not-found-heading" className="space-y-4">
      <h1 id="not-found-heading" className="text-3xl font-bold">
        {t('notFound.title')}
      </h1>
      <p>{t('notFound.body')}</p>
      <Link to="/" className="font-semibold text-blue-800 underline dark:text-blue-300">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
