import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon } from '@/components/ui/icons';
import { useDismissNotification, useReadAllNotifications, useReadNotification } from '../api/change-notifications';
import { useNotifications } from '../api/get-notifications';
import { HeaderList } from './header-list';
import { RelativeTime } from './relative-time';

/** The header's bell: the user's notifications, newest first, refreshed while the page is open. */
export function NotificationMenu() {
  const { t } = useTranslation();
  const notifications = useNotifications();
  const read = useReadNotification();
  const readAll = useReadAllNotifications();
  const dismiss = useDismissNotification();

  return (
    <HeaderList
      icon={BellIcon}
      title={t('header.notifications')}
      empty={t('header.noNotifications')}
      error={notifications.error}
      unread={notifications.data?.unreadCount ?? 0}
      onReadAll={() => readAll.mutate(undefined)}
      onRemove={(id) => dismiss.mutate(id)}
      items={(notifications.data?.items ?? []).map((item) => ({
        id: item.id,
        read: item.read,
        removeLabel: t('notifications.dismiss', { text: item.message }),
        content: (
          <>
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
          </>
        ),
      }))}
    />
  );
}
