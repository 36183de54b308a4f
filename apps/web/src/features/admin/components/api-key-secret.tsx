import type { CreatedApiKey } from '@ccap/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/**
 * A new key's secret, shown this once: it lives in this component's state only (never in the
 * query cache), and is gone when the administrator says they have kept it or leaves the page.
 */
export function ApiKeySecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'yes' | 'no'>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const copy = () =>
    navigator.clipboard.writeText(created.secret).then(
      () => setCopied('yes'),
      () => setCopied('no'),
    );

  return (
    <div
      role="region"
      aria-labelledby="api-key-secret-heading"
      className="space-y-3 rounded-lg border-2 border-green-700 bg-green-50 p-4 dark:border-green-400 dark:bg-green-950"
    >
      <h4 id="api-key-secret-heading" ref={headingRef} tabIndex={-1} className="text-lg font-bold focus:outline-none">
        {t('admin.apiKeys.secret.heading', { name: created.key.name })}
      </h4>
      <p>{t('admin.apiKeys.secret.once')}</p>
      <label htmlFor="api-key-secret" className="block font-semibold">
        {t('admin.apiKeys.secret.label')}
      </label>
      <input
        id="api-key-secret"
        readOnly
        dir="ltr"
        value={created.secret}
        spellCheck={false}
        autoComplete="off"
        onFocus={(event) => event.currentTarget.select()}
        className="block w-full min-h-11 rounded-md border border-slate-500 bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:border-slate-400 dark:bg-slate-900 dark:text-slate-100"
      />
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void copy()}>{t('admin.apiKeys.secret.copy')}</Button>
        <Button variant="secondary" onClick={onDone}>
          {t('admin.apiKeys.secret.done')}
        </Button>
      </div>
      <p aria-live="polite">
        {copied === 'yes'
          ? t('admin.apiKeys.secret.copied')
          : copied === 'no'
            ? t('admin.apiKeys.secret.copyFailed')
            : ''}
      </p>
    </div>
  );
}
