import {
  type NotificationPreferences,
  notificationEvents,
  type Role,
  type StaffRole,
  type UserSettings,
} from '@ccap/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuditRepository } from '../audit/audit.repository';

export interface VerifiedIdentity {
  /** The issuer's stable key: `urn:ccap:built-in-idp` for ours, the issuer URL otherwise. */
  issuer: string;
  subject: string;
  email: string;
  name: string;
}

export interface PortalUser {
  id: string;
  email: string;
  name: string;
  roles: Role[];
  counties: string[];
  profile: UserSettings;
}

const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export type RoleChange =
  | { action: 'grant'; userId: string; role: StaffRole; counties: string[] }
  | { action: 'revoke'; userId: string; role: StaffRole };

export interface RoleChangeActor {
  /** The portal user who made the change; null for the command line. */
  id: string | null;
  label: string;
  requestId?: string;
}

export const defaultNotificationPreferences = (): NotificationPreferences => ({
  email: Object.fromEntries(notificationEvents.map((event) => [event, true])) as NotificationPreferences['email'],
});

/** The portal's users, keyed by (issuer, subject) so any OpenID Provider works. */
export function createUsersRepository(db: Kysely<DB>, audit: AuditRepository) {
  /** A user with roles and counties, read through `executor` (a transaction sees its own writes). */
  async function load(
    where: { id: string } | { email: string },
    executor: Kysely<DB> = db,
  ): Promise<PortalUser | undefined> {
    const query = executor
      .selectFrom('app_user')
      .select(['id', 'email', 'name', 'preferred_language', 'notification_preferences']);
    const row = await ('id' in where ? query.where('id', '=', where.id) : query.where('email', '=', where.email))
      .orderBy('last_seen_at', 'desc')
      .executeTakeFirst();
    if (!row) return undefined;
    const [roleRows, countyRows] = await Promise.all([
      executor.selectFrom('user_role').select('role').where('user_id', '=', row.id).orderBy('role').execute(),
      executor.selectFrom('user_county').select('county').where('user_id', '=', row.id).orderBy('county').execute(),
    ]);
    const defaults = defaultNotificationPreferences();
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      roles: ['applicant', ...roleRows.map((r) => r.role)],
      counties: countyRows.map((r) => r.county),
      profile: {
        preferredLanguage: row.preferred_language as UserSettings['preferredLanguage'],
        notificationPreferences: { email: { ...defaults.email, ...row.notification_preferences.email } },
      },
    };
  }

  return {
    /**
     * The user behind a verified identity: created on first sight (also for the CLI and the demo
     * seed, before a first sign-in), name and email kept current.
     */
    async resolve(identity: VerifiedIdentity): Promise<PortalUser> {
      const existing = await db
        .selectFrom('app_user')
        .select(['id', 'email', 'name', 'last_seen_at'])
        .where('issuer', '=', identity.issuer)
        .where('subject', '=', identity.subject)
        .executeTakeFirst();
      let id: string;
      if (!existing) {
        const inserted = await db
          .insertInto('app_user')
          .values({ issuer: identity.issuer, subject: identity.subject, email: identity.email, name: identity.name })
          .onConflict((oc) => oc.columns(['issuer', 'subject']).doUpdateSet({ last_seen_at: new Date() }))
          .returning('id')
          .executeTakeFirstOrThrow();
        id = inserted.id;
      } else {
        id = existing.id;
        const stale = Date.now() - existing.last_seen_at.getTime() > LAST_SEEN_RESOLUTION_MS;
        if (stale || existing.email !== identity.email || existing.name !== identity.name) {
          await db
            .updateTable('app_user')
            .set({ email: identity.email, name: identity.name, last_seen_at: new Date() })
            .where('id', '=', id)
            .execute();
        }
      }
      const user = await load({ id });
      if (!user) throw new Error('user vanished while signing in');
      return user;
    },

    findById: (id: string) => load({ id }),
    findByEmail: (email: string) => load({ email }),

    /** How many portal users carry an email (different issuers may each have one). */
    async countByEmail(email: string): Promise<number> {
      const row = await db
        .selectFrom('app_user')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async updateSettings(id: string, settings: UserSettings): Promise<PortalUser | undefined> {
      await db
        .updateTable('app_user')
        .set({
          preferred_language: settings.preferredLanguage,
          notification_preferences: JSON.stringify(settings.notificationPreferences),
        })
        .where('id', '=', id)
        .execute();
      return load({ id });
    },

    /**
     * Grants or revokes a staff role, and writes the audit row in the same transaction: a role
     * change never happens without its record. Revoking the last staff role drops the counties.
     */
    async changeRole(change: RoleChange, actor: RoleChangeActor): Promise<PortalUser> {
      const before = await load({ id: change.userId });
      if (!before) throw new Error(`no user ${change.userId}`);
      return db.transaction().execute(async (trx) => {
        if (change.action === 'grant') {
          await trx
            .insertInto('user_role')
            .values({ user_id: change.userId, role: change.role, granted_by: actor.label })
            .onConflict((oc) => oc.columns(['user_id', 'role']).doNothing())
            .execute();
          if (change.counties.length > 0) {
            await trx
              .insertInto('user_county')
              .values(change.counties.map((county) => ({ user_id: change.userId, county })))
              .onConflict((oc) => oc.columns(['user_id', 'county']).doNothing())
              .execute();
          }
        } else {
          await trx
            .deleteFrom('user_role')
            .where('user_id', '=', change.userId)
            .where('role', '=', change.role)
            .execute();
          const remaining = await trx
            .selectFrom('user_role')
            .select('role')
            .where('user_id', '=', change.userId)
            .execute();
          if (remaining.length === 0)
            await trx.deleteFrom('user_county').where('user_id', '=', change.userId).execute();
        }
        const after = await load({ id: change.userId }, trx);
        if (!after) throw new Error(`no user ${change.userId}`);
        await audit.record(
          {
            actorId: actor.id,
            actorLabel: actor.label,
            action: change.action === 'grant' ? 'role.granted' : 'role.revoked',
            entityType: 'user',
            entityId: change.userId,
            before: { roles: before.roles, counties: before.counties },
            after: { roles: after.roles, counties: after.counties },
            requestId: actor.requestId ?? null,
          },
          trx,
        );
        return after;
      });
    },

    async listStaff(): Promise<PortalUser[]> {
      const rows = await db.selectFrom('user_role').select('user_id').distinct().execute();
      const users = await Promise.all(rows.map((row) => load({ id: row.user_id })));
      return users.filter((user): user is PortalUser => !!user).sort((a, b) => a.name.localeCompare(b.name));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
