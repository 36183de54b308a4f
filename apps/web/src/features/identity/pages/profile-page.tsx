import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { linkClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentUser } from '@/lib/auth/current-user';
import { unavailableMessage } from '@/lib/unavailable-message';
import { usePageTitle } from '@/lib/use-page-title';

/** /users/profile: who the portal knows the user as. */
export function ProfilePage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  usePageTitle(t('users.profile.title'));

  return (
    <section aria-labelledby="profile-heading" className="max-w-2xl space-y-6">
      <h1 id="profile-heading" className="text-3xl font-bold">
        {t('users.profile.heading')}
      </h1>
      {me.isPending ? <Spinner label={t('app.loading')} /> : null}
      {me.isError ? <Alert tone="error">{unavailableMessage(t, me.error) ?? t('users.profile.error')}</Alert> : null}
      {me.data ? (
        <>
          <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            <Row term={t('users.profile.name')}>{me.data.name}</Row>
            <Row term={t('users.profile.email')}>
              <span className="break-all">{me.data.email}</span>
            </Row>
            <Row term={t('users.profile.roles')}>
              <ul>
                {me.data.roles.map((role) => (
                  <li key={role}>{t(`roles.${role}`)}</li>
                ))}
              </ul>
            </Row>
            <Row term={t('users.profile.counties')}>
              {me.data.counties.length > 0 ? (
                <ul>
                  {me.data.counties.map((county) => (
                    <li key={county}>{county}</li>
                  ))}
                </ul>
              ) : (
                t('users.profile.noCounties')
              )}
            </Row>
          </dl>
          <Link to="/users/user-account-settings" className={linkClasses}>
            {t('users.profile.settingsLink')}
          </Link>
        </>
      ) : null}
    </section>
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="font-semibold">{term}</dt>
      <dd className="sm:col-span-2">{children}</dd>
    </div>
  );
}
