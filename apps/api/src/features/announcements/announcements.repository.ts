import { type Announcement, type AnnouncementFilters, type AnnouncementVersion, localeCodes } from '@ccap/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { LocaleCode, LocaleSource } from '../application/pdf/labels';
import type { Actor, AuditRepository } from '../audit/audit.repository';
import { lapsedSql } from '../provider-record/approval-term';

type Executor = Kysely<DB> | Transaction<DB>;

/** How many recipients one delivery transaction serves. */
export const DELIVERY_BATCH = 100;

const isLocaleCode = (value: string): value is LocaleCode => (localeCodes as readonly string[]).includes(value);

/** The version in the recipient's language, or the English one (always there). */
export function versionFor(versions: readonly AnnouncementVersion[], language: string): AnnouncementVersion {
  return versions.find((version) => version.language === language) ?? versions.find((v) => v.language === 'en')!;
}

/**
 * The provider accounts the filters reach today: owners of an application (and, once approved,
 * of its record) matching every filter given. Read by the count the page shows and by the send,
 * which fixes the audience as it is at that moment.
 */
export function audienceQuery(executor: Executor, filters: AnnouncementFilters, today: string) {
  // The record's state once approved, else the application's status (ADR 114).
  const status = sql<string>`case
    when r.id is null then a.status
    when r.status = 'ended' then 'ended'
    when ${lapsedSql('r', today)} then 'lapsed'
    else 'active' end`;
  let query = executor
    .selectFrom('application as a')
    .leftJoin('provider_record as r', 'r.application_id', 'a.id')
    .select('a.owner_id')
    .distinct();
  if (filters.counties.length > 0) {
    // Counties as staff and applicants type them: case and spaces aside; the record's county first.
    const counties = filters.counties.map((county) => county.trim().toLowerCase());
    query = query.where(sql<string>`lower(trim(coalesce(r.county, a.county)))`, 'in', counties);
  }
  if (filters.providerTypes.length > 0) query = query.where('a.provider_type', 'in', filters.providerTypes);
  if (filters.statuses.length > 0) query = query.where(status, 'in', filters.statuses);
  if (filters.withOpenings) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('provider_opening as o')
          .select(sql`1`.as('one'))
          .whereRef('o.application_id', '=', 'a.id')
          .where('o.openings', '>', 0),
      ),
    );
  }
  return query;
}

/**
 * Announcements (ADR 114): sending fixes the audience and records the send in the audit trail;
 * delivery, by the job queue, writes each recipient's notification, Inbox message and (as their
 * settings say) mail, in batches, each recipient once.
 */
export function createAnnouncementsRepository(
  db: Kysely<DB>,
  audit: AuditRepository,
  options: { clock: Clock; locales: LocaleSource; publicUrl: string },
) {
  const origin = options.publicUrl.replace(/\/$/, '');

  async function audienceCount(filters: AnnouncementFilters): Promise<number> {
    const row = await db
      .selectFrom(audienceQuery(db, filters, options.clock.today()).as('audience'))
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  const toAnnouncement = (row: {
    id: number;
    sent_at: Date;
    sent_by_label: string;
    audience: number;
    delivered: number | string;
    versions: AnnouncementVersion[] | { language: string; title: string; body: string }[];
    filters: Record<string, unknown>;
  }): Announcement => {
    const versions = row.versions as AnnouncementVersion[];
    return {
      id: Number(row.id),
      sentAt: row.sent_at.toISOString(),
      sentBy: row.sent_by_label,
      audience: row.audience,
      delivered: Number(row.delivered),
      languages: versions.map((version) => version.language),
      title: versionFor(versions, 'en').title,
      filters: row.filters as AnnouncementFilters,
    };
  };

  const listQuery = () =>
    db.selectFrom('announcement as n').select([
      'n.id',
      'n.sent_at',
      'n.sent_by_label',
      'n.audience',
      'n.versions',
      'n.filters',
      sql<string>`(select count(*) from announcement_recipient d
          where d.announcement_id = n.id and d.delivered_at is not null)`.as('delivered'),
    ]);

  async function find(id: number): Promise<Announcement | undefined> {
    const row = await listQuery().where('n.id', '=', id).executeTakeFirst();
    return row ? toAnnouncement(row) : undefined;
  }

  return {
    audienceCount,
    find,

    /** Past announcements, newest first. */
    async list(limit = 100): Promise<Announcement[]> {
      const rows = await listQuery().orderBy('n.id', 'desc').limit(limit).execute();
      return rows.map(toAnnouncement);
    },

    /**
     * Records an announcement and its audience, as the filters reach it now, with its audit
     * entry. The same `sendKey` again (a repeated click, a retried request) answers the
     * announcement already sent and adds nothing.
     */
    async send(
      input: { sendKey: string; filters: AnnouncementFilters; versions: AnnouncementVersion[] },
      actor: Actor,
    ): Promise<{ announcement: Announcement; created: boolean }> {
      const id = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('announcement')
          .values({
            send_key: input.sendKey,
            versions: JSON.stringify(input.versions),
            filters: JSON.stringify(input.filters),
            audience: 0,
            sent_by_id: actor.id,
            sent_by_label: actor.label,
            sent_at: options.clock.now(),
          })
          .onConflict((conflict) => conflict.column('send_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return undefined;
        const recipients = await trx
          .insertInto('announcement_recipient')
          .columns(['announcement_id', 'user_id'])
          .expression(
            trx
              .selectFrom(audienceQuery(trx, input.filters, options.clock.today()).as('audience'))
              .select([sql<number>`${inserted.id}::bigint`.as('announcement_id'), 'audience.owner_id']),
          )
          .returning('user_id')
          .execute();
        const audience = recipients.length;
        await trx.updateTable('announcement').set({ audience }).where('id', '=', inserted.id).execute();
        await audit.recordChange(trx, {
          actor,
          action: 'announcement.sent',
          entity: { type: 'announcement', id: inserted.id },
          after: {
            audience,
            filters: input.filters,
            languages: input.versions.map((version) => version.language),
            title: versionFor(input.versions, 'en').title,
          },
        });
        return Number(inserted.id);
      });
      if (id !== undefined) return { announcement: (await find(id))!, created: true };
      const existing = await db
        .selectFrom('announcement')
        .select('id')
        .where('send_key', '=', input.sendKey)
        .executeTakeFirstOrThrow();
      return { announcement: (await find(Number(existing.id)))!, created: false };
    },

    /**
     * Delivers one batch of waiting recipients: claims them with SKIP LOCKED (another instance
     * takes others), writes each one's notification, Inbox message and, unless their settings
     * turned announcements off, an outbox mail, and marks them delivered, all in one
     * transaction. Answers how many were delivered.
     */
    async deliverBatch(batch = DELIVERY_BATCH): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const claimed = await sql<{
          announcement_id: number;
          user_id: string;
          versions: AnnouncementVersion[];
          email: string;
          name: string;
          preferred_language: string;
          wants_mail: boolean;
        }>`
          select d.announcement_id, d.user_id, n.versions, u.email, u.name, u.preferred_language,
            coalesce((u.notification_preferences -> 'email' ->> 'announcement')::boolean, true) as wants_mail
          from announcement_recipient d
          join announcement n on n.id = d.announcement_id
          join app_user u on u.id = d.user_id
          where d.delivered_at is null
          order by d.announcement_id, d.user_id
          limit ${batch}
          for update of d skip locked`.execute(trx);
        for (const recipient of claimed.rows) {
          const lang = isLocaleCode(recipient.preferred_language) ? recipient.preferred_language : 'en';
          const version = versionFor(recipient.versions, lang);
          const labels = await options.locales.labels(lang);
          const inbox = `${origin}/apps/mailbox`;
          const mail = recipient.wants_mail
            ? await trx
                .insertInto('mail_outbox')
                .values({
                  to_address: recipient.email,
                  subject: version.title,
                  // Plain text only: the body is never read as HTML, here or in the Inbox.
                  body_text: [
                    labels.t('notifications.mail.greeting', { name: recipient.name }),
                    version.body,
                    `${labels.t('announcements.mail.inbox')}: ${inbox}`,
                    `--\n${labels.t('notifications.mail.footer', { settings: `${origin}/users/user-account-settings` })}`,
                  ].join('\n\n'),
                  kind: 'notification.announcement',
                  locale: version.language,
                })
                .returning('id')
                .executeTakeFirstOrThrow()
            : undefined;
          const message = await trx
            .insertInto('message')
            .values({
              user_id: recipient.user_id,
              event: 'announcement',
              title: version.title,
              body: version.body,
              links: JSON.stringify([]),
              application_id: null,
              locale: version.language,
              mail_id: mail?.id ?? null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('notification')
            .values({
              user_id: recipient.user_id,
              event: 'announcement',
              text: version.title,
              link: `/apps/mailbox/${message.id}`,
              locale: version.language,
            })
            .execute();
          await trx
            .updateTable('announcement_recipient')
            .set({ delivered_at: options.clock.now(), message_id: message.id })
            .where('announcement_id', '=', recipient.announcement_id)
            .where('user_id', '=', recipient.user_id)
            .execute();
        }
        return claimed.rows.length;
      });
    },

    /** Delivers batch after batch until none waits (or `maxBatches`); answers how many. */
    async deliverPending(options: { batch?: number; maxBatches?: number } = {}): Promise<number> {
      let total = 0;
      for (let round = 0; round < (options.maxBatches ?? 100); round++) {
        const delivered = await this.deliverBatch(options.batch);
        total += delivered;
        if (delivered === 0) break;
      }
      return total;
    },
  };
}
export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
