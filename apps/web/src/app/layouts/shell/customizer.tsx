import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { LOCALES } from '@/lib/locales';
import { ANIMATIONS, DEFAULT_SETTINGS, DIRECTIONS, LAYOUTS, MENUS, NAVBARS, THEMES } from '@/lib/ui-settings';
import { useUiSettings } from '@/lib/ui-settings-context';

/** The template customizer: every UI setting of spec section 3, kept in local storage. */
export function Customizer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { settings, update, setLocale, setDirection } = useUiSettings();

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('settings.title')}
      placement="end"
      className="ms-auto me-0 h-dvh max-h-dvh w-[min(24rem,100vw)] rounded-none"
    >
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('settings.intro')}</p>
      <div className="mt-4 space-y-5">
        <Choice name="theme" value={settings.theme} options={THEMES} onChange={(theme) => update({ theme })} />
        <Choice name="menu" value={settings.menu} options={MENUS} onChange={(menu) => update({ menu })} />
        <Choice name="layout" value={settings.layout} options={LAYOUTS} onChange={(layout) => update({ layout })} />
        <Choice
          name="direction"
          value={settings.direction}
          options={DIRECTIONS}
          onChange={setDirection}
          note={t('settings.reloads')}
        />
        <Choice name="navbar" value={settings.navbar} options={NAVBARS} onChange={(navbar) => update({ navbar })} />
        <label className="flex items-center gap-3">
          <input
            type="checkbox"
            className="size-5"
            checked={settings.semidark}
            onChange={(event) => update({ semidark: event.target.checked })}
          />
          <span>{t('settings.semidark')}</span>
        </label>
        <SelectSetting
          name="animation"
          value={settings.animation}
          options={ANIMATIONS.map((value) => ({ value, label: t(`settings.animation.${value}`) }))}
          onChange={(animation) => update({ animation: animation as (typeof ANIMATIONS)[number] })}
          note={t('settings.reducedMotion')}
        />
        <SelectSetting
          name="locale"
          value={settings.locale}
          options={LOCALES.map((locale) => ({ value: locale.code, label: locale.name, lang: locale.intl }))}
          onChange={(code) => setLocale(code as (typeof LOCALES)[number]['code'])}
          note={t('settings.reloads')}
        />
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => {
            const { locale: _locale, direction: _direction, ...rest } = DEFAULT_SETTINGS;
            update(rest);
          }}
        >
          {t('settings.reset')}
        </Button>
        <Button onClick={onClose}>{t('settings.close')}</Button>
      </div>
    </ModalDialog>
  );
}

function Choice<T extends string>({
  name,
  value,
  options,
  onChange,
  note,
}: {
  name: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  note?: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend className="font-semibold">{t(`settings.${name}.label`)}</legend>
      {note ? <p className="text-sm text-slate-700 dark:text-slate-300">{note}</p> : null}
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2">
            <input
              type="radio"
              name={`setting-${name}`}
              className="size-5"
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {t(`settings.${name}.${option}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function SelectSetting({
  name,
  value,
  options,
  onChange,
  note,
}: {
  name: string;
  value: string;
  options: { value: string; label: string; lang?: string }[];
  onChange: (value: string) => void;
  note?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block font-semibold">
        {t(`settings.${name}.label`)}
      </label>
      {note ? <p className="text-sm text-slate-700 dark:text-slate-300">{note}</p> : null}
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1 w-full rounded-md border border-slate-400 bg-white px-3 py-2 dark:border-slate-500 dark:bg-slate-900"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
