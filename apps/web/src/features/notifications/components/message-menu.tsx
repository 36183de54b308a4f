import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkClasses } from '@/components/ui/button';
import { MailIcon } from '@/components/ui/icons';
import { useDeleteMessage, useReadAllMessages } from '../api/change-messages';
import { useMessages } from '../api/get-messages';
import { HeaderList } from './header-list';
import { RelativeTime } from './relative-time';

const SHOWN = 5;

/** The header's message list: the newest messages of the Inbox, each opening in it. */
export function MessageMenu() {
  const { t } = useTranslation();
  const messages = useMessages(SHOWN);
  const readAll = useReadAllMessages();
  const remove = useDeleteMessage();

  return (
    <HeaderList
      icon={MailIcon}
      title={t('header.messages')}
      empty={t('header.noMessages')}
      error={messages.error}
      unread={messages.data?.unreadCount ?? 0}
      onReadAll={() => readAll.mutate(undefined)}
      onRemove={(id) => remove.mutate(id)}
      items={(messages.data?.items ?? []).map((item) => ({
        id: item.id,
        read: item.read,
        removeLabel: t('notifications.deleteMessage', { title: item.title }),
        content: (
          <>
            <Link
              to={`/apps/mailbox/${item.id}`}
              className={`break-words text-slate-900 underline hover:no-underline dark:text-slate-100 ${item.read ? '' : 'font-semibold'}`}
            >
              {item.read ? null : <span className="sr-only">{t('notifications.inbox.unreadMark')}: </span>}
              {item.title}
            </Link>
            <p className="line-clamp-2 text-slate-700 dark:text-slate-300">{item.message}</p>
            <RelativeTime iso={item.time} className="block text-xs text-slate-700 dark:text-slate-300" />
          </>
        ),
      }))}
      footer={
        <p className="border-t border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
          <Link to="/apps/mailbox" className={linkClasses}>
            {t('notifications.openInbox')}
          </Link>
        </p>
      }
    />
  );
}
