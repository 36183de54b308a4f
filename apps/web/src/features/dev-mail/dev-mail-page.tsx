import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button, linkClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useIntlFormat } from '@/lib/intl-format';
import { usePageTitle } from '@/lib/use-page-title';
import { useDevMail } from './get-dev-mail';
import { Linkify } from './linkify';

/** /dev/mail: read confirmation and reset mails on a machine with no mail server. */
export function DevMailPage() {
  const { t } = useTranslation();
  const mail = useDevMail();
  usePageTitle(t('devMail.title'));
  const format = useIntlFormat();
  const mails = [...(mail.data?.data ?? [])].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);

  return (
    <section aria-labelledby="dev-mail-heading" className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="dev-mail-heading" className="text-3xl font-bold">
          {t('devMail.heading')}
        </h1>
        <Button variant="secondary" onClick={() => void mail.refetch()} disabled={mail.isFetching}>
          {t('devMail.refresh')}
        </Button>
      </div>
      <p>{t('devMail.intro')}</p>
      {mail.isPending ? <Spinner label={t('app.loading')} /> : null}
      {mail.isError ? (
        <Alert tone="error">
          {t(mail.error instanceof ApiError && mail.error.status === 404 ? 'devMail.disabled' : 'devMail.error')}
        </Alert>
      ) : null}
      {mail.isSuccess && mails.length === 0 ? <p>{t('devMail.empty')}</p> : null}
      <ol className="space-y-4">
        {mails.map((entry) => (
          <li key={entry.id}>
            <article
              aria-labelledby={`mail-${entry.id}`}
              className="rounded-lg border border-slate-200 p-4 wrap-anywhere dark:border-slate-700"
            >
              <h2 id={`mail-${entry.id}`} className="text-lg font-semibold">
                {entry.subject}
              </h2>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {t('devMail.to', { to: entry.to })} ·{' '}
                <time dateTime={entry.createdAt}>
                  {t('devMail.sentAt', { date: format.mediumDateTime(new Date(entry.createdAt)) })}
                </time>
              </p>
              <p className="mt-3 break-words whitespace-pre-wrap">
                <Linkify text={entry.text} className={linkClasses} />
              </p>
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}
