import { notificationEvents, type CurrentUser, type UserSettings, userSettingsSchema } from '@ccap/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { fieldClasses } from '@/components/ui/text-field';
import { useCurrentUser } from '@/lib/auth/current-user';
import { isLocaleCode, LOCALES } from '@/lib/locales';
import { unavailableMessage } from '@/lib/unavailable-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useSessionDraft } from '@/lib/use-session-draft';
import { useUpdateSettings } from '../api/update-settings';

/** /users/user-account-settings: preferred language and which events send an email. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  usePageTitle(t('users.settings.title'));
  return (
    <section aria-labelledby="settings-heading" className="max-w-2xl space-y-6">
      <h1 id="settings-heading" className="text-3xl font-bold">
        {t('users.settings.heading')}
      </h1>
      {me.isPending ? <Spinner label={t('app.loading')} /> : null}
      {me.isError ? (
        <Alert tone="error">{unavailableMessage(t, me.error) ?? t('users.settings.loadError')}</Alert>
      ) : null}
      {me.data ? <SettingsForm user={me.data} /> : null}
    </section>
  );
}

function SettingsForm({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  // Unsaved changes survive the idle lock and signing in again.
  const [settings, setSettings, clearDraft] = useSessionDraft<UserSettings>(
    `settings:${user.id}`,
    user.profile,
    (value): value is UserSettings => userSettingsSchema.safeParse(value).success,
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(settings, { onSuccess: clearDraft });
  };
  const setEmail = (name: string, on: boolean) => {
    update.reset();
    setSettings((current) => ({
      ...current,
      notificationPreferences: { email: { ...current.notificationPreferences.email, [name]: on } },
    }));
  };

  return (
    <form onSubmit={onSubmit} className="space-y-8">
      <div>
        <label htmlFor="preferredLanguage" className="block font-semibold">
          {t('users.settings.language')}
        </label>
        <p id="preferredLanguage-hint" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {t('users.settings.languageHint')}
        </p>
        <select
          id="preferredLanguage"
          aria-describedby="preferredLanguage-hint"
          value={settings.preferredLanguage}
          onChange={(event) => {
            const value = event.target.value;
            update.reset();
            if (isLocaleCode(value)) setSettings((current) => ({ ...current, preferredLanguage: value }));
          }}
          className={`${fieldClasses} sm:max-w-xs`}
        >
          {LOCALES.map((locale) => (
            <option key={locale.code} value={locale.code} lang={locale.intl}>
              {locale.name}
            </option>
          ))}
        </select>
      </div>

      <fieldset aria-describedby="notifications-hint">
        <legend className="font-semibold">{t('users.settings.notifications')}</legend>
        <p id="notifications-hint" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {t('users.settings.notificationsHint')}
        </p>
        <div className="mt-3 space-y-3">
          {notificationEvents.map((name) => (
            <div key={name} className="flex items-start gap-3">
              <input
                id={`notify-${name}`}
                type="checkbox"
                checked={settings.notificationPreferences.email[name] ?? false}
                onChange={(event) => setEmail(name, event.target.checked)}
                className="mt-1 size-5 shrink-0 accent-blue-700 dark:accent-blue-400"
              />
              <label htmlFor={`notify-${name}`}>{t(`notificationEvents.${name}`)}</label>
            </div>
          ))}
        </div>
      </fieldset>

      <div aria-live="polite">
        {update.isSuccess ? <Alert tone="success">{t('users.settings.saved')}</Alert> : null}
      </div>
      {update.isError ? (
        <Alert tone="error">{unavailableMessage(t, update.error) ?? t('users.settings.saveError')}</Alert>
      ) : null}
      <Button type="submit" disabled={update.isPending}>
        {t('users.settings.save')}
      </Button>
    </form>
  );
}
