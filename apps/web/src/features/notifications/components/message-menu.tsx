import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkClasses } from '@/components/ui/button';
import { CloseIcon, MailIcon } from '@/components/ui/icons';
import { Popover } from '@/components/ui/popover';
import { useDeleteMessage, useReadAllMessages } from '../api/change-messages';
import { useMessages } from '../api/get-messages';
import { RelativeTime } from './relative-time';
import { UnreadBadge } from './unread-badge';

const SHOWN = 5;

/** The header's message list: the newest messages of the Inbox, each opening in it. */
export function MessageMenu() {
  const { t } = useTranslation();
  const messages = useMessages(SHOWN);
  const readAll = useReadAllMessages();
  const remove = useDeleteMessage();
  const items = messages.data?.items ?? [];
  const unread = messages.data?.unreadCount ?? 0;

  return (
    <Popover
      label={
        <>
          <MailIcon />
          <span className="sr-only">{t('header.messages')}</span>
          <UnreadBadge count={unread} />
        </>
      }
      title={t('header.messages')}
    >
      {messages.isError ? (
        <p className="px-3 py-4 text-sm">{t('notifications.loadError')}</p>
      ) : items.length === 0 ? (
        <p className="px-3 py-4 text-sm text-slate-700 dark:text-slate-300">{t('header.noMessages')}</p>
      ) : (
        <>
          {unread > 0 ? (
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-1 text-sm dark:border-slate-700">
              <span>{t('notifications.unread', { count: unread })}</span>
              <button
                type="button"
                onClick={() => readAll.mutate(undefined)}
                className="rounded px-2 py-1 font-semibold text-blue-800 underline hover:no-underline dark:text-blue-300"
              >
                {t('notifications.markAllRead')}
              </button>
            </div>
          ) : null}
          <ul className="max-h-96 divide-y divide-slate-200 overflow-y-auto dark:divide-slate-700">
            {items.map((item) => (
              <li
                key={item.id}
                className={`flex items-start gap-2 px-3 py-2 text-sm ${item.read ? '' : 'bg-blue-50 dark:bg-slate-800'}`}
              >
                <MailIcon className="mt-0.5 size-4 shrink-0 text-slate-600 dark:text-slate-300" />
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/apps/mailbox/${item.id}`}
                    className={`break-words text-slate-900 underline hover:no-underline dark:text-slate-100 ${item.read ? '' : 'font-semibold'}`}
                  >
                    {item.read ? null : <span className="sr-only">{t('notifications.inbox.unreadMark')}: </span>}
                    {item.title}
                  </Link>
                  <p className="line-clamp-2 text-slate-700 dark:text-slate-300">{item.message}</p>
                  <RelativeTime iso={item.time} className="block text-xs text-slate-700 dark:text-slate-300" />
                </div>
                <button
                  type="button"
                  onClick={() => remove.mutate(item.id)}
                  aria-label={t('notifications.deleteMessage', { title: item.title })}
                  className="rounded p-1 hover:bg-slate-200 dark:hover:bg-slate-700"
                >
                  <CloseIcon className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <p className="border-t border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
        <Link to="/apps/mailbox" className={linkClasses}>
          {t('notifications.openInbox')}
        </Link>
      </p>
    </Popover>
  );
}
