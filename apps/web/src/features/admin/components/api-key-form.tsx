import {
  apiKeyResources,
  type CreateApiKeyRequest,
  createApiKeyRequestSchema,
  type CreatedApiKey,
} from '@ccap/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fieldErrorText, SERVER, zodOptionsWith } from '@/components/ui/form/error-messages';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { unavailableMessage } from '@/lib/unavailable-message';
import { useCreateApiKey } from '../api/create-api-key';
import { CountyPickerField } from './county-picker';
import { ApiKeySecret } from './api-key-secret';

const words = {
  name: { required: 'admin.apiKeys.form.nameRequired' },
  counties: { required: 'admin.apiKeys.form.countiesRequired' },
  resources: { required: 'admin.apiKeys.form.resourcesRequired' },
  expiresOn: { required: 'admin.apiKeys.form.expiresRequired', invalid: 'admin.apiKeys.form.expiresRequired' },
};

/** A year from today, the suggested expiry. */
const inAYear = () => {
  const date = new Date();
  date.setFullYear(date.getFullYear() + 1);
  return date.toISOString().slice(0, 10);
};

/** "Create a key": name, counties, resources and expiry; the secret is shown once after. */
export function ApiKeyForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<CreatedApiKey>();
  const [formError, setFormError] = useState<string>();
  const form = useForm<z.input<typeof createApiKeyRequestSchema>, unknown, CreateApiKeyRequest>({
    resolver: zodResolver(createApiKeyRequestSchema, zodOptionsWith(words)),
    defaultValues: { name: '', counties: [], resources: [], expiresOn: inAYear() },
    // The grant form above owns the page's error summary and its ids: this one focuses its first error.
    shouldFocusError: true,
  });
  const { errors } = form.formState;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Opened from its button: the form's heading takes the focus, so reading starts there.
  useEffect(() => headingRef.current?.focus(), []);

  const onSubmit = form.handleSubmit(async (request) => {
    setFormError(undefined);
    await create.mutateAsync(request).then(
      (answer) => {
        setCreated(answer);
        form.reset({ name: '', counties: [], resources: [], expiresOn: inAYear() });
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.status === 400) {
          const paths = (error.problem?.errors ?? []).map((entry) => entry.path);
          if (paths.some((path) => path.includes('expiresOn'))) {
            form.setError('expiresOn', { type: SERVER, message: t('admin.apiKeys.form.expiresPast') });
            return;
          }
          if (paths.some((path) => path.includes('counties'))) {
            form.setError('counties', { type: SERVER, message: t('admin.errors.unknownCounty') });
            return;
          }
        }
        setFormError(
          error instanceof ApiError
            ? (unavailableMessage(t, error) ?? t('admin.errors.generic'))
            : t('forms.networkError'),
        );
      },
    );
  });

  return (
    <section aria-labelledby="api-key-create-heading" className="max-w-3xl space-y-6">
      <h3 id="api-key-create-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {t('admin.apiKeys.form.heading')}
      </h3>
      {created ? (
        <ApiKeySecret
          created={created}
          onDone={() => {
            setCreated(undefined);
            onClose();
          }}
        />
      ) : null}
      <FormProvider {...form}>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-6">
          <div className="sm:max-w-md">
            <TextField
              id="api-key-name"
              label={t('admin.apiKeys.form.name')}
              hint={t('admin.apiKeys.form.nameHint')}
              autoComplete="off"
              error={fieldErrorText(t, errors.name)}
              {...form.register('name')}
            />
          </div>

          <fieldset
            id="api-key-resources"
            aria-describedby={errors.resources ? 'api-key-resources-error' : undefined}
            className="space-y-2"
          >
            <legend className="font-semibold">{t('admin.apiKeys.form.resources')}</legend>
            {errors.resources ? (
              <p id="api-key-resources-error" className="font-semibold text-red-700 dark:text-red-300">
                {fieldErrorText(t, { message: errors.resources.message, type: errors.resources.type ?? 'required' })}
              </p>
            ) : null}
            {apiKeyResources.map((resource) => (
              <div key={resource} className="flex items-center gap-3">
                <input
                  id={`api-key-resource-${resource}`}
                  type="checkbox"
                  value={resource}
                  className="size-5 shrink-0 accent-blue-700 dark:accent-blue-400"
                  {...form.register('resources')}
                />
                <label htmlFor={`api-key-resource-${resource}`}>{t(`admin.apiKeys.resource.${resource}`)}</label>
              </div>
            ))}
          </fieldset>

          <CountyPickerField
            id="api-key-counties"
            legend={t('admin.apiKeys.form.counties')}
            hint={t('admin.apiKeys.form.countiesHint')}
          />

          <div className="sm:max-w-xs">
            <TextField
              id="api-key-expires"
              type="date"
              label={t('admin.apiKeys.form.expiresOn')}
              hint={t('admin.apiKeys.form.expiresHint')}
              error={fieldErrorText(t, errors.expiresOn)}
              {...form.register('expiresOn')}
            />
          </div>

          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? t('forms.sending') : t('admin.apiKeys.form.submit')}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t('admin.revoke.cancel')}
            </Button>
          </div>
        </form>
      </FormProvider>
    </section>
  );
}
