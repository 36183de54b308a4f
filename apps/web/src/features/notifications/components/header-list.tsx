import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/ui/icons';
import { Popover } from '@/components/ui/popover';
import { unavailableMessage } from '@/lib/unavailable-message';
import { UnreadBadge } from './unread-badge';

export interface HeaderListItem {
  id: number;
  read: boolean;
  /** The item's text and time, with its link when it has one. */
  content: ReactNode;
  /** The accessible name of the item's remove button ("Dismiss …", "Delete …"). */
  removeLabel: string;
}

interface HeaderListProps {
  icon: ComponentType<{ className?: string }>;
  title: string;
  empty: string;
  /** Why the list could not be loaded; null or undefined when it was. */
  error?: unknown;
  unread: number;
  items: HeaderListItem[];
  onReadAll: () => void;
  onRemove: (id: number) => void;
  footer?: ReactNode;
}

/**
 * One of the header's two lists (the bell's notifications, the Inbox's newest messages): unread
 * count on the button, "mark all read", each item with its icon, unread state and remove button.
 */
export function HeaderList({
  icon: Icon,
  title,
  empty,
  error,
  unread,
  items,
  onReadAll,
  onRemove,
  footer,
}: HeaderListProps) {
  const { t } = useTranslation();
  return (
    <Popover
      label={
        <>
          <Icon />
          <span className="sr-only">{title}</span>
          <UnreadBadge count={unread} />
        </>
      }
      title={title}
    >
      {error != null ? (
        <p className="px-3 py-4 text-sm">{unavailableMessage(t, error) ?? t('notifications.loadError')}</p>
      ) : items.length === 0 ? (
        <p className="px-3 py-4 text-sm text-slate-700 dark:text-slate-300">{empty}</p>
      ) : (
        <>
          {unread > 0 ? (
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-1 text-sm dark:border-slate-700">
              <span>{t('notifications.unread', { count: unread })}</span>
              <button
                type="button"
                onClick={onReadAll}
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
                <Icon className="mt-0.5 size-4 shrink-0 text-slate-600 dark:text-slate-300" />
                <div className="min-w-0 flex-1">{item.content}</div>
                <button
                  type="button"
                  onClick={() => onRemove(item.id)}
                  aria-label={item.removeLabel}
                  className="rounded p-1 hover:bg-slate-200 dark:hover:bg-slate-700"
                >
                  <CloseIcon className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {footer}
    </Popover>
  );
}
