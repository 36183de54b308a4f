import {
  announcementFiltersSchema,
  announcementProviderStatuses,
  announcementVersionsSchema,
  localeCodes,
  providerTypes,
} from '@ccap/contracts';
import { localeIntlTags } from '@ccap/contracts/locale-tags';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldErrorText, zodOptions } from '@/components/ui/form/error-messages';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { Spinner } from '@/components/ui/spinner';
import { fieldClasses, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { useIntlFormat } from '@/lib/intl-format';
import { useProgramProfile } from '@/lib/program-profile';
import { unavailableMessage } from '@/lib/unavailable-message';
import { useAudience, useSendAnnouncement } from '../api/announcements';
import { CountyPicker } from './county-picker';

const composeSchema = z.object({ filters: announcementFiltersSchema, versions: announcementVersionsSchema });
type ComposeInput = z.input<typeof composeSchema>;
type Compose = z.output<typeof composeSchema>;

const emptyVersion = (language: (typeof localeCodes)[number]) => ({ language, title: '', body: '' });
const defaults: ComposeInput = {
  filters: { counties: [], providerTypes: [], statuses: [], withOpenings: false },
  versions: [emptyVersion('en')],
};

/** A new key per message: the same message sent twice (a double click, a retry) is one announcement. */
const newSendKey = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (c) =>
        (Number(c) ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (Number(c) / 4)))).toString(16),
      );

const checkboxClasses = 'size-5 shrink-0 accent-blue-700 dark:accent-blue-400';

/**
 * Compose an announcement: one version per language (English required), the filters choosing
 * who receives it, the count they reach, and a confirmation before anything is sent.
 */
export function AnnouncementForm() {
  const { t } = useTranslation();
  const intl = useIntlFormat();
  const profile = useProgramProfile();
  const send = useSendAnnouncement();
  const dialogId = useId();
  const sendKey = useRef(newSendKey());
  const [confirming, setConfirming] = useState<Compose>();
  const [sent, setSent] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const form = useForm<ComposeInput, unknown, Compose>({
    resolver: zodResolver(composeSchema, zodOptions),
    defaultValues: defaults,
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const versions = useFieldArray({ control: form.control, name: 'versions' });
  const filters = useWatch({ control: form.control, name: 'filters' }) ?? defaults.filters;
  const chosen = useWatch({ control: form.control, name: 'versions' }) ?? [];
  const audience = useAudience(filters);
  const languageName = (code: string) => intl.languageName(code === 'ae' ? 'ar' : code) ?? code;
  const unused = localeCodes.filter((code) => !chosen.some((version) => version.language === code));
  const versionsError = errors.versions?.root?.message ?? errors.versions?.message;

  const onSubmit = form.handleSubmit((compose) => {
    setSent(undefined);
    setFormError(undefined);
    setConfirming(compose);
  });

  const confirm = () => {
    if (!confirming || send.isPending) return;
    send.mutate(
      { sendKey: sendKey.current, ...confirming },
      {
        onSuccess: (announcement) => {
          setSent(t('announcements.sent', { count: announcement.audience }));
          sendKey.current = newSendKey();
          form.reset(defaults);
        },
        onError: (error) => {
          setFormError(
            error instanceof ApiError && error.status === 400
              ? (error.problem?.detail ?? t('announcements.errors.refused'))
              : (unavailableMessage(t, error) ?? t('admin.errors.generic')),
          );
        },
        onSettled: () => setConfirming(undefined),
      },
    );
  };

  return (
    <section aria-labelledby="compose-heading" className="max-w-3xl space-y-6">
      <h2 id="compose-heading" className="text-2xl font-bold">
        {t('announcements.compose.heading')}
      </h2>
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-8">
          <FormErrorSummary />

          <fieldset className="space-y-4">
            <legend className="text-xl font-semibold">{t('announcements.compose.versions')}</legend>
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('announcements.compose.versionsHint')}</p>
            {versionsError ? (
              <p id="versions" className="font-semibold text-red-700 dark:text-red-300">
                {fieldErrorText(t, { type: 'validate', message: versionsError })}
              </p>
            ) : null}
            {versions.fields.map((field, index) => {
              const language = chosen[index]?.language ?? field.language;
              const itemErrors = errors.versions?.[index];
              return (
                <fieldset
                  key={field.id}
                  className="space-y-4 rounded-md border border-slate-300 p-4 dark:border-slate-600"
                >
                  <legend className="px-1 font-semibold">
                    {t('announcements.compose.version', { language: languageName(language) })}
                  </legend>
                  <div className="sm:max-w-xs">
                    <label htmlFor={`versions-${index}-language`} className="block font-semibold">
                      {t('announcements.compose.language')}
                    </label>
                    {itemErrors?.language ? (
                      <p
                        id={`versions-${index}-language-error`}
                        className="mt-1 font-semibold text-red-700 dark:text-red-300"
                      >
                        {fieldErrorText(t, itemErrors.language)}
                      </p>
                    ) : null}
                    <select
                      id={`versions-${index}-language`}
                      className={fieldClasses}
                      aria-invalid={itemErrors?.language ? true : undefined}
                      aria-describedby={itemErrors?.language ? `versions-${index}-language-error` : undefined}
                      {...form.register(`versions.${index}.language`)}
                    >
                      {localeCodes.map((code) => (
                        <option key={code} value={code}>
                          {languageName(code)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <TextField
                    id={`versions-${index}-title`}
                    label={t('announcements.compose.title')}
                    lang={localeIntlTags[language]}
                    error={fieldErrorText(t, itemErrors?.title)}
                    {...form.register(`versions.${index}.title`)}
                  />
                  <div>
                    <label htmlFor={`versions-${index}-body`} className="block font-semibold">
                      {t('announcements.compose.body')}
                    </label>
                    <p id={`versions-${index}-body-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                      {t('announcements.compose.bodyHint')}
                    </p>
                    {itemErrors?.body ? (
                      <p
                        id={`versions-${index}-body-error`}
                        className="mt-1 font-semibold text-red-700 dark:text-red-300"
                      >
                        {fieldErrorText(t, itemErrors.body)}
                      </p>
                    ) : null}
                    <textarea
                      id={`versions-${index}-body`}
                      rows={6}
                      lang={localeIntlTags[language]}
                      aria-invalid={itemErrors?.body ? true : undefined}
                      aria-describedby={[
                        `versions-${index}-body-hint`,
                        itemErrors?.body ? `versions-${index}-body-error` : '',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      className={fieldClasses}
                      {...form.register(`versions.${index}.body`)}
                    />
                  </div>
                  {index > 0 ? (
                    <Button variant="secondary" onClick={() => versions.remove(index)}>
                      {t('announcements.compose.remove', { language: languageName(language) })}
                    </Button>
                  ) : null}
                </fieldset>
              );
            })}
            {unused.length > 0 ? (
              <Button variant="secondary" onClick={() => versions.append(emptyVersion(unused[0]!))}>
                {t('announcements.compose.add')}
              </Button>
            ) : null}
          </fieldset>

          <fieldset className="space-y-6">
            <legend className="text-xl font-semibold">{t('announcements.filters.heading')}</legend>
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('announcements.filters.hint')}</p>
            {profile.data ? (
              <Controller
                control={form.control}
                name="filters.counties"
                render={({ field }) => (
                  <CountyPicker
                    id="filters-counties"
                    counties={profile.data.counties}
                    selected={field.value ?? []}
                    onChange={field.onChange}
                    legend={t('announcements.filters.counties')}
                    hint={t('announcements.filters.countiesHint')}
                  />
                )}
              />
            ) : profile.isError ? (
              <Alert tone="error">{unavailableMessage(t, profile.error) ?? t('admin.grant.countiesError')}</Alert>
            ) : (
              <Spinner label={t('app.loading')} />
            )}
            <fieldset>
              <legend className="font-semibold">{t('announcements.filters.providerTypes')}</legend>
              <ul className="mt-2 space-y-2">
                {providerTypes.map((type) => (
                  <li key={type} className="flex items-center gap-3">
                    <input
                      id={`filters-type-${type}`}
                      type="checkbox"
                      value={type}
                      className={checkboxClasses}
                      {...form.register('filters.providerTypes')}
                    />
                    <label htmlFor={`filters-type-${type}`}>{t(`staff.providerType.${type}`)}</label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <fieldset>
              <legend className="font-semibold">{t('announcements.filters.statuses')}</legend>
              <ul className="mt-2 grid gap-2 sm:grid-cols-2">
                {announcementProviderStatuses.map((status) => (
                  <li key={status} className="flex items-center gap-3">
                    <input
                      id={`filters-status-${status}`}
                      type="checkbox"
                      value={status}
                      className={checkboxClasses}
                      {...form.register('filters.statuses')}
                    />
                    <label htmlFor={`filters-status-${status}`}>{t(`announcements.status.${status}`)}</label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <div className="flex items-center gap-3">
              <input
                id="filters-openings"
                type="checkbox"
                className={checkboxClasses}
                {...form.register('filters.withOpenings')}
              />
              <label htmlFor="filters-openings">{t('announcements.filters.withOpenings')}</label>
            </div>
          </fieldset>

          <p aria-live="polite" className="text-lg font-semibold" data-testid="audience-count">
            {audience.data && !audience.isPlaceholderData
              ? t('announcements.audience', { count: audience.data.count })
              : audience.isError
                ? (unavailableMessage(t, audience.error) ?? t('announcements.errors.count'))
                : t('announcements.counting')}
          </p>

          <div aria-live="polite">{sent ? <Alert tone="success">{sent}</Alert> : null}</div>
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <Button type="submit" disabled={send.isPending}>
            {t('announcements.compose.send')}
          </Button>
        </form>
      </FormProvider>

      {confirming ? (
        <AlertDialog
          titleId={`${dialogId}-title`}
          descriptionId={`${dialogId}-body`}
          onEscape={send.isPending ? undefined : () => setConfirming(undefined)}
        >
          <h2 id={`${dialogId}-title`} className="text-xl font-bold">
            {t('announcements.confirm.heading')}
          </h2>
          <p id={`${dialogId}-body`} className="mt-3">
            {t('announcements.confirm.body', {
              count: audience.data?.count ?? 0,
              languages: intl.list(confirming.versions.map((version) => languageName(version.language))),
            })}
          </p>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => !send.isPending && setConfirming(undefined)}>
              {t('announcements.confirm.cancel')}
            </Button>
            <Button onClick={confirm}>{send.isPending ? t('forms.sending') : t('announcements.confirm.send')}</Button>
          </div>
        </AlertDialog>
      ) : null}
    </section>
  );
}
