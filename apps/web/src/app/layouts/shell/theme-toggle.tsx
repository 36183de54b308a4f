import { useTranslation } from 'react-i18next';
import { MonitorIcon, MoonIcon, SunIcon } from '@/components/ui/icons';
import { nextTheme } from '@/lib/ui-settings';
import { useUiSettings } from '@/lib/ui-settings-context';

const ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;

/** The header's theme icon: light → dark → system → light (spec section 4). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { settings, update } = useUiSettings();
  const Icon = ICONS[settings.theme];
  const next = nextTheme(settings.theme);
  return (
    <button
      type="button"
      onClick={() => update({ theme: next })}
      className="rounded-full p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
      title={t('header.themeNow', { theme: t(`settings.theme.${settings.theme}`) })}
    >
      <Icon />
      <span className="sr-only">
        {t('header.themeNow', { theme: t(`settings.theme.${settings.theme}`) })}{' '}
        {t('header.themeSwitch', { theme: t(`settings.theme.${next}`) })}
      </span>
    </button>
  );
}
