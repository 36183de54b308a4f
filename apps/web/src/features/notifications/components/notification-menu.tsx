import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon, CloseIcon } from '@/components/ui/icons';
import { Popover } from '@/components/ui/popover';
import { useNotifications } from '../api/get-notifications';
import { useDismissNotification, useReadAllNotifications, useReadNotification } from '../api/change-notifications';
import { RelativeTime } from './relative-time';
import { UnreadBadge } from './unread-badge';

/** The header's bell: the user's notifications, newest first, refreshed while the page is open. */
export function NotificationMenu() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const read = useReadNotification();
  const readAll = useReadAllNotifications();
  const dismiss = useDismissNotification();
  const items = notifications.data?.items ?? [];
  const unread = notifications.data?.unreadCount ?? 0;

  return (
    <Popover
      label={
        <>
          <BellIcon />
          <span className="sr-only">{t('header.notifications')}</span>
          <UnreadBadge count={unread} />
        </>
      }
      title={t('header.notifications')}
    >
      {notifications.isError ? (
        <p className="px-3 py-4 text-sm">{t('notifications.loadError')}</p>
      ) : items.length === 0 ? (
        <p className="px-3 py-4 text-sm text-slate-700 dark:text-slate-300">{t('header.noNotifications')}</p>
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
                <BellIcon className="mt-0.5 size-4 shrink-0 text-slate-600 dark:text-slate-300" />
                <div className="min-w-0 flex-1">
                  {item.read ? null : <span className="sr-only">{t('notifications.inbox.unreadMark')}: </span>}
                  {item.link ? (
                    <Link
                      to={item.link}
                      onClick={() => read.mutate(item.id)}
                      className={`break-words text-slate-900 underline hover:no-underline dark:text-slate-100 ${item.read ? '' : 'font-semibold'}`}
                    >
                      {item.message}
                    </Link>
                  ) : (
                    <span className={item.read ? '' : 'font-semibold'}>{item.message}</span>
                  )}
                  <RelativeTime iso={item.time} className="block text-xs text-slate-700 dark:text-slate-300" />
                </div>
                <button
                  type="button"
                  onClick={() => dismiss.mutate(item.id)}
                  aria-label={t('notifications.dismiss', { text: item.message })}
                  className="rounded p-1 hover:bg-slate-200 dark:hover:bg-slate-700"
                >
                  <CloseIcon className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </Popover>
  );
}
