import { localeCodes, type MessageLink, type NotificationEvent, notificationEvents } from '@ccap/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { LocaleCode, LocaleSource } from '../application/pdf/labels';

type Executor = Kysely<DB> | Transaction<DB>;

/**
 * Who the texts speak to: most events go to the applicant, a few to the staff member who
 * works the application. Each template has `short` (the bell), `title` and `body` (the Inbox
 * and the mail) under `notifications.events.<template>` in the web app's locale files.
 */
export const noticeTemplates = [
  ...notificationEvents,
  // Texts of their own for events that share a mail preference with another one.
  'documentRequested',
  'documentReceivedStaff',
  // A provider's closures (ADR 102): to the provider, and to the staff told of them.
  'closureRecorded',
  'closurePermanentRecorded',
  'closureRecordedStaff',
  'closurePermanentStaff',
  'closureCancelled',
  'closureCancelledStaff',
  // A provider's reported changes (ADR 101): to the county's staff, and a denial with its reason.
  'changeReceivedStaff',
  'changeDenied',
  // Requests for information on a reported change: the RFI events' preferences, the change's words.
  'changeRfiRequested',
  'changeRfiAnswered',
  'changeRfiCompleted',
  'changeRfiDue',
  // An approval's end (ADR 107): reminders before it and on its day, then its lapse.
  'approvalEndsSoon',
  'approvalEndsToday',
  'approvalEndsTodayStaff',
  'approvalLapsed',
  'approvalLapsedStaff',
  // A staff member's export (ADR 110): ready to download, or failed.
  'exportFailed',
] as const;
export type NoticeTemplate = (typeof noticeTemplates)[number];

export interface Notice {
  userId: string;
  event: NotificationEvent;
  /** The texts to use; the event's own by default. */
  template?: NoticeTemplate;
  applicationId?: number;
  /** Placeholders of the texts besides {{id}} (the application) and {{name}}. */
  values?: Record<string, string | number>;
  /** Placeholders whose words depend on the recipient's language (program profile texts). */
  valuesIn?: (lang: LocaleCode) => Record<string, string | number>;
  /** An application status, given to the texts as {{status}} in the recipient's language. */
  status?: string;
  /** Where the bell's item leads; the first link by default. */
  links: MessageLink[];
}

const isLocaleCode = (value: string): value is LocaleCode => (localeCodes as readonly string[]).includes(value);

/**
 * Turns an event into the recipient's notification, Inbox message and (when their preferences
 * allow mail for the event) an outbox mail, through the caller's transaction: they are written
 * with the change that caused them, or not at all. Texts come from the web app's locale files
 * (read from disk, no query), in the recipient's preferred language.
 */
export function createNotifier(options: { locales: LocaleSource; publicUrl: string }) {
  const origin = options.publicUrl.replace(/\/$/, '');

  return {
    async notify(trx: Executor, notice: Notice): Promise<void> {
      const user = await trx
        .selectFrom('app_user')
        .select(['email', 'name', 'preferred_language', 'notification_preferences'])
        .where('id', '=', notice.userId)
        .executeTakeFirst();
      if (!user) return;
      const lang = isLocaleCode(user.preferred_language) ? user.preferred_language : 'en';
      const labels = await options.locales.labels(lang);
      const values = {
        ...notice.values,
        ...notice.valuesIn?.(lang),
        name: user.name,
        ...(notice.applicationId === undefined ? {} : { id: notice.applicationId }),
        ...(notice.status ? { status: labels.t(`dashboard.status.${notice.status}`) } : {}),
      };
      const key = `notifications.events.${notice.template ?? notice.event}`;
      const title = labels.t(`${key}.title`, values);
      const body = labels.t(`${key}.body`, values);

      await trx
        .insertInto('notification')
        .values({
          user_id: notice.userId,
          event: notice.event,
          text: labels.t(`${key}.short`, values),
          link: notice.links[0]?.href ?? null,
          locale: lang,
        })
        .execute();

      const wantsMail = user.notification_preferences.email?.[notice.event] !== false;
      const mail = wantsMail
        ? await trx
            .insertInto('mail_outbox')
            .values({
              to_address: user.email,
              subject: title,
              body_text: [
                labels.t('notifications.mail.greeting', values),
                body,
                ...notice.links.map((link) => `${labels.t(`notifications.links.${link.kind}`)}: ${origin}${link.href}`),
                `--\n${labels.t('notifications.mail.footer', { settings: `${origin}/users/user-account-settings` })}`,
              ].join('\n\n'),
              kind: `notification.${notice.event}`,
              locale: lang,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        : undefined;

      await trx
        .insertInto('message')
        .values({
          user_id: notice.userId,
          event: notice.event,
          title,
          body,
          links: JSON.stringify(notice.links),
          application_id: notice.applicationId ?? null,
          locale: lang,
          mail_id: mail?.id ?? null,
        })
        .execute();
    },
  };
}
export type Notifier = ReturnType<typeof createNotifier>;
