import type { Role } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkClasses } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';

/** Shown in place of a page the signed-in user's roles do not open: no redirect, no loop. */
export function NoAccess({ role }: { role: Role }) {
  const { t } = useTranslation();
  usePageTitle(t('noAccess.title'));
  return (
    <section aria-labelledby="no-access-heading" className="max-w-2xl space-y-4">
      <h1 id="no-access-heading" className="text-3xl font-bold">
        {t('noAccess.title')}
      </h1>
      <p>{t('noAccess.body', { role: t(`roles.${role}`) })}</p>
      <Link to="/" className={linkClasses}>
        {t('noAccess.home')}
      </Link>
    </section>
  );
}
