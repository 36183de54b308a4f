import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { unavailableMessage } from '@/lib/unavailable-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useDeleteMessage, useReadAllMessages } from '../api/change-messages';
import { useMessages } from '../api/get-messages';
import { RelativeTime } from '../components/relative-time';

/** /apps/mailbox: the user's messages, newest first, unread ones marked. */
export function InboxPage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.inbox.title'));
  const messages = useMessages(100);
  const readAll = useReadAllMessages();
  const remove = useDeleteMessage();
  const deleted = (useLocation().state as { deleted?: boolean } | null)?.deleted;
  const data = messages.data;

  return (
    <section aria-labelledby="inbox-heading" className="max-w-3xl space-y-4">
      <h1 id="inbox-heading" className="text-3xl font-bold">
        {t('notifications.inbox.title')}
      </h1>
      <p>{t('notifications.inbox.intro')}</p>
      {deleted ? <Alert tone="success">{t('notifications.inbox.deleted')}</Alert> : null}
      {messages.isPending ? <Spinner label={t('app.loading')} /> : null}
      {messages.isError ? (
        <Alert tone="error">{unavailableMessage(t, messages.error) ?? t('notifications.loadError')}</Alert>
      ) : null}
      {data && data.items.length === 0 ? <p>{t('notifications.inbox.empty')}</p> : null}
      {data && data.items.length > 0 ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p>{t('notifications.unread', { count: data.unreadCount })}</p>
            {data.unreadCount > 0 ? (
              <Button variant="secondary" onClick={() => readAll.mutate(undefined)}>
                {t('notifications.markAllRead')}
              </Button>
            ) : null}
          </div>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {data.items.map((item) => (
              <li
                key={item.id}
                className={`flex items-start gap-3 p-3 ${item.read ? '' : 'border-s-4 border-s-blue-700 bg-blue-50 dark:border-s-blue-300 dark:bg-slate-800'}`}
              >
                <div className="min-w-0 flex-1 space-y-1">
                  <Link
                    to={`/apps/mailbox/${item.id}`}
                    className={`block break-words text-blue-800 underline hover:no-underline dark:text-blue-300 ${item.read ? '' : 'font-bold'}`}
                  >
                    {item.read ? null : <span className="sr-only">{t('notifications.inbox.unreadMark')}: </span>}
                    {item.title}
                  </Link>
                  <p className="break-words text-slate-700 dark:text-slate-300">{item.message}</p>
                  <RelativeTime iso={item.time} className="text-sm text-slate-700 dark:text-slate-300" />
                </div>
                <Button
                  variant="secondary"
                  onClick={() => remove.mutate(item.id)}
                  aria-label={t('notifications.deleteMessage', { title: item.title })}
                  className="shrink-0"
                >
                  {t('notifications.inbox.delete')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
