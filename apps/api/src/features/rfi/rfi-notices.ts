import type { NotificationEvent } from '@ccap/contracts';
import type { UsersRepository } from '../identity/users.repository';
import type { OutgoingMail } from '../mail/mail.repository';

type RfiEvent = Extract<NotificationEvent, 'rfiRequested' | 'rfiAnswered' | 'rfiCompleted'>;

const MAILS: Record<RfiEvent, { subject: (id: number) => string; text: (name: string, id: number) => string }> = {
  rfiRequested: {
    subject: (id) => `Information requested on your application ${id}`,
    text: (name, id) =>
      `Hello ${name},\n\nA service worker needs more information about your application ${id}. Please read the request and answer it here:`,
  },
  rfiAnswered: {
    subject: (id) => `The applicant answered your request for information on application ${id}`,
    text: (name, id) => `Hello ${name},\n\nThe applicant answered your request for information on application ${id}:`,
  },
  rfiCompleted: {
    subject: (id) => `Your answer on application ${id} was received`,
    text: (name, id) =>
      `Hello ${name},\n\nThe service worker marked the request for information on your application ${id} as completed:`,
  },
};

/**
 * The notifications seam (issue #10 replaces it with translated templates, the in-app inbox
 * and delivery): a plain English mail to the other party, when their preferences allow that
 * event by email. It is prepared before the change and written to the outbox in the same
 * transaction (PGlite has one connection: no other query may run inside a transaction).
 */
export function rfiNotice(users: UsersRepository, event: RfiEvent, publicUrl: string) {
  return async (recipientId: string, applicationId: number): Promise<OutgoingMail | undefined> => {
    const recipient = await users.findById(recipientId);
    if (!recipient || recipient.profile.notificationPreferences.email[event] === false) return undefined;
    const mail = MAILS[event];
    const link = `${publicUrl.replace(/\/$/, '')}/rfi-v1/${applicationId}`;
    return {
      to: recipient.email,
      subject: mail.subject(applicationId),
      text: `${mail.text(recipient.name, applicationId)}\n\n${link}\n`,
      kind: `rfi.${event}`,
      locale: recipient.profile.preferredLanguage,
    };
  };
}
