import type { ApiKey } from '@ccap/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useIntlFormat } from '@/lib/intl-format';
import { unavailableMessage } from '@/lib/unavailable-message';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { ApiKeyForm } from './api-key-form';

/** The integration API's keys (ADR 112): each with its scope, expiry and last use; revoked after a confirmation. */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const format = useIntlFormat();
  const [asked, setAsked] = useState<ApiKey>();
  const [creating, setCreating] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const confirm = () => {
    if (!asked || revoke.isPending) return;
    const key = asked;
    revoke.mutate(key.id, {
      onSuccess: () => setOutcome({ tone: 'success', text: t('admin.apiKeys.revoke.done', { name: key.name }) }),
      onError: (error) =>
        setOutcome({
          tone: 'error',
          text:
            error instanceof ApiError
              ? (unavailableMessage(t, error) ?? t('admin.errors.generic'))
              : t('forms.networkError'),
        }),
      onSettled: () => setAsked(undefined),
    });
  };

  return (
    <section aria-labelledby="api-keys-heading" className="space-y-6">
      <h2 id="api-keys-heading" className="text-2xl font-bold">
        {t('admin.apiKeys.heading')}
      </h2>
      <p className="max-w-3xl">{t('admin.apiKeys.intro')}</p>
      <div ref={outcomeRef} tabIndex={-1} className="focus:outline-none">
        <div aria-live="polite">{outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}</div>
      </div>

      {keys.isPending ? <Spinner label={t('app.loading')} /> : null}
      {keys.isError ? (
        <Alert tone="error">{unavailableMessage(t, keys.error) ?? t('admin.apiKeys.loadError')}</Alert>
      ) : null}
      {keys.data?.length === 0 ? <p>{t('admin.apiKeys.empty')}</p> : null}
      {keys.data && keys.data.length > 0 ? (
        <ul className="space-y-4" aria-labelledby="api-keys-heading">
          {keys.data.map((key) => (
            <li key={key.id} className="rounded-lg border border-slate-300 p-4 dark:border-slate-600">
              <div className="flex flex-wrap items-baseline justify-between gap-3">
                <h3 className="text-lg font-semibold break-words">{key.name}</h3>
                <span
                  className={
                    key.state === 'active'
                      ? 'font-semibold text-green-800 dark:text-green-300'
                      : 'font-semibold text-slate-700 dark:text-slate-300'
                  }
                >
                  {t(`admin.apiKeys.state.${key.state}`)}
                </span>
              </div>
              <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
                <dt className="font-semibold">{t('admin.apiKeys.list.prefix')}</dt>
                <dd className="font-mono break-all" dir="ltr">
                  {key.prefix}…
                </dd>
                <dt className="font-semibold">{t('admin.apiKeys.list.resources')}</dt>
                <dd>{format.list(key.resources.map((resource) => t(`admin.apiKeys.resource.${resource}`)))}</dd>
                <dt className="font-semibold">{t('admin.apiKeys.list.counties')}</dt>
                <dd className="break-words">{format.list(key.counties)}</dd>
                <dt className="font-semibold">{t('admin.apiKeys.list.expires')}</dt>
                <dd>{format.dateTime(new Date(key.expiresAt))}</dd>
                <dt className="font-semibold">{t('admin.apiKeys.list.lastUsed')}</dt>
                <dd>{key.lastUsedAt ? format.dateTime(new Date(key.lastUsedAt)) : t('admin.apiKeys.list.never')}</dd>
                <dt className="font-semibold">{t('admin.apiKeys.list.created')}</dt>
                <dd className="break-words">
                  {t('admin.apiKeys.list.createdBy', {
                    date: format.dateTime(new Date(key.createdAt)),
                    name: key.createdBy ?? '—',
                  })}
                </dd>
              </dl>
              {key.state === 'revoked' ? null : (
                <Button
                  variant="secondary"
                  className="mt-3"
                  aria-label={t('admin.apiKeys.revoke.label', { name: key.name })}
                  onClick={() => {
                    setOutcome(undefined);
                    revoke.reset();
                    setAsked(key);
                  }}
                >
                  {t('admin.apiKeys.revoke.button')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {creating ? (
        <ApiKeyForm onClose={() => setCreating(false)} />
      ) : (
        <Button onClick={() => setCreating(true)}>{t('admin.apiKeys.form.heading')}</Button>
      )}

      {asked ? (
        <AlertDialog
          titleId="api-key-revoke-title"
          descriptionId="api-key-revoke-body"
          onEscape={revoke.isPending ? undefined : () => setAsked(undefined)}
        >
          <h2 id="api-key-revoke-title" className="text-xl font-bold">
            {t('admin.apiKeys.revoke.heading')}
          </h2>
          <p id="api-key-revoke-body" className="mt-3">
            {t('admin.apiKeys.revoke.body', { name: asked.name })}
          </p>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <Button variant="secondary" onClick={() => !revoke.isPending && setAsked(undefined)}>
              {t('admin.revoke.cancel')}
            </Button>
            <Button onClick={confirm}>
              {revoke.isPending ? t('forms.sending') : t('admin.apiKeys.revoke.confirm')}
            </Button>
          </div>
        </AlertDialog>
      ) : null}
    </section>
  );
}
