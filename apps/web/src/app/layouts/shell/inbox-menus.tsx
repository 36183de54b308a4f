import { useTranslation } from 'react-i18next';
import { BellIcon, MailIcon } from '@/components/ui/icons';
import { Popover } from '@/components/ui/popover';

/**
 * The header's notification and message lists. They show the user's real items once the
 * notifications service exists; until then, an honest empty state rather than samples.
 */
export function InboxMenus() {
  const { t } = useTranslation();
  return (
    <>
      <Popover
        label={
          <>
            <BellIcon />
            <span className="sr-only">{t('header.notifications')}</span>
          </>
        }
        title={t('header.notifications')}
      >
        <p className="px-3 py-4 text-sm text-slate-700 dark:text-slate-300">{t('header.noNotifications')}</p>
      </Popover>
      <Popover
        label={
          <>
            <MailIcon />
            <span className="sr-only">{t('header.messages')}</span>
          </>
        }
        title={t('header.messages')}
      >
        <p className="px-3 py-4 text-sm text-slate-700 dark:text-slate-300">{t('header.noMessages')}</p>
      </Popover>
    </>
  );
}
