import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '@/components/ui/icons';
import { MenuButton } from '@/components/ui/menu-button';
import { LOCALES } from '@/lib/locales';
import { useUiSettings } from '@/lib/ui-settings-context';

/** The language choice: stores the language, sets the direction, reloads (spec section 4). */
export function LanguageMenu() {
  const { t } = useTranslation();
  const { settings, setLocale } = useUiSettings();
  const current = LOCALES.find((locale) => locale.code === settings.locale);
  return (
    <MenuButton
      className="flex items-center gap-1 rounded-full p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
      label={
        <>
          <GlobeIcon />
          <span className="hidden text-sm font-semibold uppercase sm:inline" aria-hidden="true">
            {settings.locale}
          </span>
          <span className="sr-only">{t('header.language', { language: current?.name ?? settings.locale })}</span>
        </>
      }
      items={LOCALES.map((locale) => ({
        id: locale.code,
        label: locale.name,
        lang: locale.intl,
        current: locale.code === settings.locale,
        onSelect: () => setLocale(locale.code),
      }))}
    />
  );
}
