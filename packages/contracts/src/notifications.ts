import { z } from 'zod';
import { notificationEventSchema } from './identity';

/**
 * Notifications (the header's bell) and messages (the Inbox): each event of an application
 * becomes one of each for the person concerned, written in their preferred language.
 */

const itemIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const inboxItemParamsSchema = z.object({ id: itemIdSchema });

/** A spot in the portal a message concerns: its label follows the kind. */
export const messageLinkKinds = [
  'application',
  'documents',
  'rfi',
  'draft',
  'review',
  'availability',
  'providerRecord',
  'export',
] as const;
export const messageLinkSchema = z.object({
  kind: z.enum(messageLinkKinds),
  /** A path inside the portal, such as `/rfi-v1/12`. */
  href: z.string().startsWith('/'),
});
export type MessageLink = z.infer<typeof messageLinkSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  event: notificationEventSchema,
  /** The short line the bell shows, in the language the user preferred when it was written. */
  message: z.string(),
  link: z.string().nullable(),
  time: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const messageSummarySchema = z.object({
  id: z.number().int(),
  event: notificationEventSchema,
  title: z.string(),
  /** The first words of the text, for lists. */
  message: z.string(),
  time: z.string(),
  read: z.boolean(),
  applicationId: z.number().int().nullable(),
});
export type MessageSummary = z.infer<typeof messageSummarySchema>;

export const messageListSchema = z.object({
  items: z.array(messageSummarySchema),
  unreadCount: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type MessageList = z.infer<typeof messageListSchema>;

export const messageSchema = messageSummarySchema.extend({
  body: z.string(),
  links: z.array(messageLinkSchema),
  /** Whether it was also mailed, and whether the mail is out yet. */
  mail: z.object({ to: z.string(), sent: z.boolean() }).nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const inboxListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
