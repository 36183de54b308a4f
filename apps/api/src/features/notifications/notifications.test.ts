import type { MessageList, Message, NotificationList } from '@ccap/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as files from '../../../test/document-files';
import { documentsOf, submitApplication, uploadMultipart } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';
import { completeRfi, createRfi, respondRfi } from '../../../test/rfi-fixture';
import { startSmtpTestServer } from '../../../test/smtp-test-server';
import { defaultNotificationPreferences } from '../identity/users.repository';
import { createMailWorker, createSmtpTransport, messageIdOf } from '../mail/mail-worker';
import { startBackgroundJobs } from './background-jobs';

let ctx: TestContext;
let owner: TestUser;
let stranger: TestUser;
let worker: TestUser;
let applicationId: number;

beforeAll(async () => {
  ctx = await createTestApp({ publicUrl: 'https://portal.example.gov' });
  owner = await createUser(ctx, 'Lucía Proveedora');
  stranger = await createUser(ctx, 'Someone Else');
  // The fixture's care location is in Story county.
  worker = await createUser(ctx, 'Story Worker', 'service-worker', ['Story']);
  // The applicant reads Spanish.
  await ctx.app.repositories.users.updateSettings(owner.id, {
    preferredLanguage: 'es',
    notificationPreferences: defaultNotificationPreferences(),
  });
  applicationId = await submitApplication(ctx, owner);
});
afterAll(async () => {
  await ctx.close();
});

const get = async <T>(user: TestUser, url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: user.headers });
  return { status: response.statusCode, body: response.json<T>() };
};
const call = (user: TestUser, method: 'POST' | 'DELETE', url: string) =>
  ctx.app.inject({ method, url, headers: user.headers });
const count = async (table: 'notification' | 'message', userId: string) =>
  (await ctx.database.db.selectFrom(table).select('id').where('user_id', '=', userId).execute()).length;
const outboxTo = async (email: string) =>
  ctx.database.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();

describe('an RFI created by staff', () => {
  let before: { notifications: number; messages: number; mails: number };

  it('gives the applicant exactly one notification, one message and one outbox mail, in Spanish', async () => {
    before = {
      notifications: await count('notification', owner.id),
      messages: await count('message', owner.id),
      mails: (await outboxTo(owner.email)).length,
    };
    // Submission told them already (submitted, documents needed).
    expect(before.notifications).toBeGreaterThan(0);

    const response = await createRfi(ctx, worker, {
      applicationId,
      serviceWorkerComment: 'Envíe su certificado de RCP.',
    });
    expect(response.statusCode).toBe(201);

    expect(await count('notification', owner.id)).toBe(before.notifications + 1);
    expect(await count('message', owner.id)).toBe(before.messages + 1);
    const mails = await outboxTo(owner.email);
    expect(mails).toHaveLength(before.mails + 1);
    const mail = mails.at(-1)!;
    expect(mail).toMatchObject({
      kind: 'notification.rfiRequested',
      locale: 'es',
      subject: `Información solicitada sobre su solicitud ${applicationId}`,
      sent_at: null,
    });
    expect(mail.body_text).toContain('Hola Lucía Proveedora,');
    expect(mail.body_text).toContain(`https://portal.example.gov/rfi-v1/${applicationId}`);
    expect(mail.body_text).toContain('Envíe su certificado de RCP.');
    // The staff member who asked is not told about their own request.
    expect(await count('notification', worker.id)).toBe(0);
  });

  it('shows in the bell and the Inbox, unread, with a link to the RFI', async () => {
    const bell = await get<NotificationList>(owner, '/api/Notifications');
    expect(bell.status).toBe(200);
    expect(bell.body.unreadCount).toBe(before.notifications + 1);
    expect(bell.body.items[0]).toMatchObject({
      event: 'rfiRequested',
      message: `Información solicitada sobre la solicitud ${applicationId}.`,
      link: `/rfi-v1/${applicationId}`,
      read: false,
    });
    const inbox = await get<MessageList>(owner, '/api/Messages');
    expect(inbox.body).toMatchObject({ unreadCount: before.messages + 1, total: before.messages + 1 });
    const [newest] = inbox.body.items;
    const message = await get<Message>(owner, `/api/Messages/${newest!.id}`);
    expect(message.body).toMatchObject({
      event: 'rfiRequested',
      applicationId,
      read: false,
      links: [{ kind: 'rfi', href: `/rfi-v1/${applicationId}` }],
      mail: { to: owner.email, sent: false },
    });
  });
});

describe('reading, dismissing and deleting', () => {
  it('marks one notification read, then all; dismissing removes it for good', async () => {
    const { body } = await get<NotificationList>(owner, '/api/Notifications');
    const [first, second] = body.items;
    expect((await call(owner, 'POST', `/api/Notifications/${first!.id}/read`)).statusCode).toBe(204);
    expect((await get<NotificationList>(owner, '/api/Notifications')).body.unreadCount).toBe(body.unreadCount - 1);

    expect((await call(owner, 'DELETE', `/api/Notifications/${second!.id}`)).statusCode).toBe(204);
    const after = await get<NotificationList>(owner, '/api/Notifications');
    expect(after.body.items.map((item) => item.id)).not.toContain(second!.id);
    expect((await call(owner, 'DELETE', `/api/Notifications/${second!.id}`)).statusCode).toBe(404);

    expect((await call(owner, 'POST', '/api/Notifications/read-all')).statusCode).toBe(204);
    expect((await get<NotificationList>(owner, '/api/Notifications')).body.unreadCount).toBe(0);
  });

  it('marks messages read and deletes them', async () => {
    const { body } = await get<MessageList>(owner, '/api/Messages');
    const [first, second] = body.items;
    expect((await call(owner, 'POST', `/api/Messages/${first!.id}/read`)).statusCode).toBe(204);
    expect((await get<Message>(owner, `/api/Messages/${first!.id}`)).body.read).toBe(true);
    expect((await call(owner, 'DELETE', `/api/Messages/${second!.id}`)).statusCode).toBe(204);
    expect((await get<Message>(owner, `/api/Messages/${second!.id}`)).status).toBe(404);
    const after = (await get<MessageList>(owner, '/api/Messages')).body;
    expect(after.total).toBe(body.total - 1);
    expect((await call(owner, 'POST', '/api/Messages/read-all')).statusCode).toBe(204);
    expect((await get<MessageList>(owner, '/api/Messages')).body.unreadCount).toBe(0);
  });

  it("never shows or changes another user's items: 404 as if they did not exist", async () => {
    const [notification] = (await get<NotificationList>(owner, '/api/Notifications')).body.items;
    const [message] = (await get<MessageList>(owner, '/api/Messages')).body.items;
    expect((await get<NotificationList>(stranger, '/api/Notifications')).body).toEqual({ items: [], unreadCount: 0 });
    expect((await get<MessageList>(stranger, '/api/Messages')).body).toMatchObject({ items: [], total: 0 });
    expect((await get(stranger, `/api/Messages/${message!.id}`)).status).toBe(404);
    for (const [method, url] of [
      ['POST', `/api/Notifications/${notification!.id}/read`],
      ['DELETE', `/api/Notifications/${notification!.id}`],
      ['POST', `/api/Messages/${message!.id}/read`],
      ['DELETE', `/api/Messages/${message!.id}`],
    ] as const) {
      const response = await call(stranger, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    // Still there for the owner, unchanged.
    expect((await get<Message>(owner, `/api/Messages/${message!.id}`)).status).toBe(200);
    expect((await get(owner, '/api/Notifications')).status).toBe(200);
    // Reading all is per user: the stranger's call changed nothing of the owner's.
    expect((await call(stranger, 'POST', '/api/Messages/read-all')).statusCode).toBe(204);
  });

  it('answers 401 without a token and 400 for an id that is no number', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/Notifications' })).statusCode).toBe(401);
    expect((await call(owner, 'DELETE', '/api/Messages/abc')).statusCode).toBe(400);
  });
});

describe('preferences', () => {
  it('decide which events are mailed; the notification and the message are always written', async () => {
    const email = { ...defaultNotificationPreferences().email, rfiRequested: false };
    await ctx.app.repositories.users.updateSettings(owner.id, {
      preferredLanguage: 'es',
      notificationPreferences: { email },
    });
    const mails = (await outboxTo(owner.email)).length;
    const messages = await count('message', owner.id);
    expect((await createRfi(ctx, worker, { applicationId, serviceWorkerComment: 'Otra pregunta.' })).statusCode).toBe(
      201,
    );
    expect((await outboxTo(owner.email)).length).toBe(mails);
    expect(await count('message', owner.id)).toBe(messages + 1);
    const [newest] = (await get<MessageList>(owner, '/api/Messages')).body.items;
    expect((await get<Message>(owner, `/api/Messages/${newest!.id}`)).body.mail).toBeNull();
  });
});

describe('delivery through SMTP', () => {
  it('sends the mail in the applicant’s language, with its subject and link, once', async () => {
    const smtp = await startSmtpTestServer();
    const worker = createMailWorker({
      outbox: ctx.app.repositories.mail,
      transport: createSmtpTransport(smtp.url),
      from: 'portal@example.gov',
      domain: 'portal.example.gov',
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    try {
      const pending = await ctx.database.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('sent_at', 'is', null)
        .orderBy('id')
        .execute();
      expect(await worker.drain()).toBe(pending.length);
      expect(await worker.drain()).toBe(0);
      expect(smtp.received).toHaveLength(pending.length);

      const rfiMail = pending.find((mail) => mail.kind === 'notification.rfiRequested')!;
      const delivered = smtp.received.filter((mail) => mail.to.includes(owner.email));
      const arrived = delivered.find(
        (mail) =>
          mail.messageId === messageIdOf({ id: rfiMail.id, createdAt: rfiMail.created_at }, 'portal.example.gov'),
      );
      expect(arrived).toBeDefined();
      expect(arrived!.subject).toBe(`Información solicitada sobre su solicitud ${applicationId}`);
      expect(arrived!.from).toBe('portal@example.gov');
      expect(arrived!.text).toContain('Hola Lucía Proveedora,');
      expect(arrived!.text).toContain(`https://portal.example.gov/rfi-v1/${applicationId}`);

      const left = await ctx.database.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute();
      expect(left).toEqual([]);
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it('the API process delivers the identity provider’s mails through the same worker, and stops cleanly', async () => {
    const smtp = await startSmtpTestServer();
    await ctx.app.repositories.mail.enqueue({
      to: 'forgetful@example.gov',
      subject: 'Reset your password',
      text: 'Open https://portal.example.gov/auth/reset-password?token=abc to choose a new password.',
      kind: 'reset-password',
    });
    const background = await startBackgroundJobs({
      repositories: ctx.app.repositories,
      mail: { smtpUrl: smtp.url, from: 'portal@example.gov', domain: 'portal.example.gov' },
      log: ctx.app.log,
    });
    try {
      await expect
        .poll(() => smtp.received.find((mail) => mail.to.includes('forgetful@example.gov'))?.subject, {
          timeout: 10_000,
        })
        .toBe('Reset your password');
    } finally {
      await background.stop();
      await smtp.close();
    }
    const row = await ctx.database.db
      .selectFrom('mail_outbox')
      .select(['sent_at', 'attempts'])
      .where('to_address', '=', 'forgetful@example.gov')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    expect(row.sent_at).toBeInstanceOf(Date);
  });

  it('retries a refused mail later, with back-off, and gives up on a permanent refusal', async () => {
    await ctx.app.repositories.mail.enqueue({ to: 'nobody@example.gov', subject: 'Retry me', text: 'x', kind: 'test' });
    let failures = 1;
    const worker = createMailWorker({
      outbox: ctx.app.repositories.mail,
      transport: {
        async send() {
          if (failures-- > 0) throw Object.assign(new Error('421 try later'), { responseCode: 421 });
          throw Object.assign(new Error('550 no such user'), { responseCode: 550 });
        },
        close: () => undefined,
      },
      from: 'portal@example.gov',
      domain: 'portal.example.gov',
      // Long enough that a loaded machine's next drain still comes before it is due.
      retryBaseMs: 1500,
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
    });
    const row = () =>
      ctx.database.db.selectFrom('mail_outbox').selectAll().where('subject', '=', 'Retry me').executeTakeFirstOrThrow();
    expect(await worker.drain()).toBe(1);
    expect(await row()).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, last_error: '421 try later' });
    // Not due yet: the back-off holds it.
    expect(await worker.drain()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1800));
    expect(await worker.drain()).toBe(1);
    expect(await row()).toMatchObject({ attempts: 2, sent_at: null, last_error: '550 no such user' });
    expect((await row()).failed_at).toBeInstanceOf(Date);
    expect(await worker.drain()).toBe(0);
  });
});

describe('the other events', () => {
  const texts = async (user: TestUser) =>
    (await get<NotificationList>(user, '/api/Notifications?limit=100')).body.items.map((item) => item.message);

  it('a document upload gives the applicant a receipt and the assigned worker word of it', async () => {
    const applicant = await createUser(ctx, 'Pat Provider');
    const id = await submitApplication(ctx, applicant);
    expect(await texts(applicant)).toEqual([
      `Documents are needed for application ${id}.`,
      `Application ${id} was submitted.`,
    ]);
    const take = await ctx.app.inject({
      method: 'POST',
      url: `/api/Staff/applications/${id}/assign`,
      headers: worker.headers,
      payload: { assignee: 'me', version: 1 },
    });
    expect(take.statusCode).toBe(200);
    const [document] = await documentsOf(ctx, applicant, id);
    const upload = await uploadMultipart(
      ctx,
      applicant,
      { applicationId: id, documentId: document!.documentId },
      'w9.pdf',
      files.pdf(),
    );
    expect(upload.statusCode).toBeLessThan(300);
    expect((await texts(applicant))[0]).toBe(`We received your document ${document!.documentName}.`);
    expect((await texts(worker))[0]).toBe(`New document on application ${id}: ${document!.documentName}.`);
  });

  it('status changes and decisions by staff reach the applicant', async () => {
    const applicant = await createUser(ctx, 'Sam Provider');
    const id = await submitApplication(ctx, applicant);
    const act = (action: string, version: number) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/Staff/applications/${id}/status`,
        headers: worker.headers,
        payload: { action, version },
      });
    expect((await act('start-review', 1)).statusCode).toBe(200);
    expect((await texts(applicant))[0]).toBe(`Application ${id} is now: In review.`);
    expect((await act('approve', 2)).statusCode).toBe(200);
    expect((await texts(applicant))[0]).toBe(`Decision on application ${id}: Approved.`);
    const [message] = (await get<MessageList>(applicant, '/api/Messages')).body.items;
    expect(message).toMatchObject({ event: 'decisionMade', title: `Decision on your application ${id}: Approved` });
  });
});

describe('draft reminders', () => {
  it('remind the owner of a draft untouched for 14 days, once', async () => {
    const draft = await ctx.database.db
      .insertInto('draft_application')
      .values({
        owner_id: stranger.id,
        provider_type: 'registeredprovider',
        application_json: '{}',
        updated_at: new Date(Date.now() - 15 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await ctx.app.repositories.notifications.remindStaleDrafts()).toBe(1);
    expect(await ctx.app.repositories.notifications.remindStaleDrafts()).toBe(0);
    const { body } = await get<NotificationList>(stranger, '/api/Notifications');
    expect(body.items).toEqual([
      expect.objectContaining({
        event: 'draftReminder',
        message: 'Your draft application is waiting for you.',
        link: `/registeredapplication/registration/registeredprovider?draft=${draft.id}`,
      }),
    ]);
  });
});

describe('RFI due-date reminders', () => {
  const day = (from: Date, days: number) => new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  // A calendar day as German writes it ("27. November 2026"), not as the database keeps it.
  const dayInGerman = (iso: string) =>
    new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );

  it('remind the applicant once of an unanswered RFI past its due date, in their language', async () => {
    const applicant = await createUser(ctx, 'Jonas Tagesmutter');
    await ctx.app.repositories.users.updateSettings(applicant.id, {
      preferredLanguage: 'de',
      notificationPreferences: defaultNotificationPreferences(),
    });
    const application = await submitApplication(ctx, applicant);
    // Midday UTC, the same date in the program's time zone (the day the reminder job reads, six
    // hours behind in Iowa), so that "an hour later" below is that same day whenever the suite
    // runs: near midnight it would be tomorrow, and "due today" overdue.
    const now = new Date();
    now.setUTCHours(12, 0, 0, 0);
    const ask = async (comment: string) => {
      const response = await createRfi(ctx, worker, { applicationId: application, serviceWorkerComment: comment });
      expect(response.statusCode).toBe(201);
      return response.json<{ rfiId: number }>().rfiId;
    };
    const overdue = await ask('Overdue');
    const answered = await ask('Answered');
    const completed = await ask('Completed');
    const dueToday = await ask('Due today');
    const notYetDue = await ask('Due next week');
    expect((await respondRfi(ctx, applicant, { rfiId: answered, applicantComment: 'Hier ist es.' })).statusCode).toBe(
      200,
    );
    expect((await completeRfi(ctx, worker, completed)).statusCode).toBe(200);
    const setDue = (rfiId: number, due: string) =>
      ctx.database.db.updateTable('rfi').set({ due_date: due }).where('id', '=', rfiId).execute();
    for (const rfiId of [overdue, answered, completed]) await setDue(rfiId, day(now, -1));
    await setDue(dueToday, day(now, 0));
    await setDue(notYetDue, day(now, 7));

    const before = {
      notifications: await count('notification', applicant.id),
      messages: await count('message', applicant.id),
      mails: (await outboxTo(applicant.email)).length,
    };
    expect(await ctx.app.repositories.rfiReminders.remindDue(now)).toBe(1);
    // A second run, here or on another instance, finds nothing more to do.
    expect(await ctx.app.repositories.rfiReminders.remindDue(now)).toBe(0);
    expect(await ctx.app.repositories.rfiReminders.remindDue(new Date(now.getTime() + 3_600_000))).toBe(0);

    expect(await count('notification', applicant.id)).toBe(before.notifications + 1);
    expect(await count('message', applicant.id)).toBe(before.messages + 1);
    const mails = await outboxTo(applicant.email);
    expect(mails).toHaveLength(before.mails + 1);
    expect(mails.at(-1)).toMatchObject({
      kind: 'notification.rfiDue',
      locale: 'de',
      subject: `Erinnerung: Zu Ihrem Antrag ${application} fehlen noch Informationen`,
    });
    expect(mails.at(-1)!.body_text).toContain(`war bis ${dayInGerman(day(now, -1))} fällig`);
    expect(mails.at(-1)!.body_text).not.toContain(day(now, -1));
    expect(mails.at(-1)!.body_text).toContain(`https://portal.example.gov/rfi-v1/${application}`);

    const bell = await get<NotificationList>(applicant, '/api/Notifications');
    expect(bell.body.items[0]).toMatchObject({
      event: 'rfiDue',
      message: `Ihre Antwort zu Antrag ${application} ist überfällig.`,
      link: `/rfi-v1/${application}`,
    });
    const [newest] = (await get<MessageList>(applicant, '/api/Messages')).body.items;
    expect(newest).toMatchObject({ event: 'rfiDue', applicationId: application });

    const reminded = await ctx.database.db
      .selectFrom('rfi')
      .select(['id', 'reminded_at'])
      .where('application_id', '=', application)
      .orderBy('id')
      .execute();
    expect(reminded.map((row) => [row.id, row.reminded_at?.getTime() ?? null])).toEqual([
      [overdue, now.getTime()],
      [answered, null],
      [completed, null],
      [dueToday, null],
      [notYetDue, null],
    ]);
  });

  it('leave an RFI alone once its application is decided', async () => {
    const applicant = await createUser(ctx, 'Decided Applicant');
    const application = await submitApplication(ctx, applicant);
    const created = await createRfi(ctx, worker, { applicationId: application, serviceWorkerComment: 'Late' });
    expect(created.statusCode).toBe(201);
    const now = new Date();
    await ctx.database.db
      .updateTable('rfi')
      .set({ due_date: day(now, -3) })
      .where('id', '=', created.json<{ rfiId: number }>().rfiId)
      .execute();
    await ctx.database.db.updateTable('application').set({ status: 'denied' }).where('id', '=', application).execute();
    const before = await count('notification', applicant.id);
    expect(await ctx.app.repositories.rfiReminders.remindDue(now)).toBe(0);
    expect(await count('notification', applicant.id)).toBe(before);
  });
});
