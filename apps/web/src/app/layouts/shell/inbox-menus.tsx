import { MessageMenu } from '@/features/notifications/components/message-menu';
import { NotificationMenu } from '@/features/notifications/components/notification-menu';

/** The header's notification and message lists: the signed-in user's own, kept fresh by polling. */
export function InboxMenus() {
  return (
    <>
      <NotificationMenu />
      <MessageMenu />
    </>
  );
}
