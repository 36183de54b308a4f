import {
  type NotificationPreferences,
  notificationEvents,
  type Role,
  type StaffRole,
  type UserSettings,
} from '@ccap/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema';
import type { AuditRepository } from '../audit/audit.repository';

export interface VerifiedIdentity {
  /** The issuer's stable key: `urn:ccap:built-in-idp` for ours, the issuer URL otherwise. */
  issuer: string;
  subject: string;
  email: string;
  name: string;
  /**
   * The sign-in the token comes from: OIDC `auth_time` (seconds) and/or the session id `sid`.
   * The built-in provider puts both in its access tokens; other issuers may send either or none.
   */
  session?: { authTime?: number; sid?: string };
}

/** A portal user as every signed-in call sees them: roles, counties and settings. */
export interface PortalUser {
  id: string;
  email: string;
  name: string;
  roles: Role[];
  counties: string[];
  profile: UserSettings;
}

const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

/**
 * Without `auth_time` or `sid` in the token, a staff member's first call after this long
 * without any (or their first call ever) counts as a sign-in.
 */
export const SIGN_IN_IDLE_MINUTES = 30;

const isStaff = (roles: readonly string[]) =>
  roles.some((role) => role === 'service-worker' || role === 'administrator');

/**
 * What identifies a sign-in in the token: its `auth_time` (a new authentication) and its `sid`
 * (a new session), whichever it carries; undefined when it carries neither.
 */
export function signInKeyOf(session: VerifiedIdentity['session']): string | undefined {
  const parts = [
    ...(session?.authTime !== undefined ? [`auth_time:${session.authTime}`] : []),
    ...(session?.sid ? [`sid:${session.sid}`] : []),
  ];
  return parts.length > 0 ? parts.join(' ') : undefined;
}

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
  /**
   * A user with roles and counties in one query, read through `executor` (a transaction sees
   * its own writes). Every signed-in API call needs it, so it stays a single round trip, on the
   * unique (issuer, subject) index and the primary keys of the role and county tables.
   */
  async function loadRow(
    where: { id: string } | { email: string } | { issuer: string; subject: string },
    executor: Kysely<DB> = db,
  ) {
    let query = executor
      .selectFrom('app_user')
      .select([
        'id',
        'email',
        'name',
        'last_seen_at',
        'sign_in_key',
        'signed_in_at',
        'preferred_language',
        'notification_preferences',
        sql<string[]>`array(select role from user_role where user_id = app_user.id order by role)`.as('roles'),
        sql<string[]>`array(select county from user_county where user_id = app_user.id order by county)`.as('counties'),
      ]);
    if ('id' in where) query = query.where('id', '=', where.id);
    else if ('email' in where) query = query.where('email', '=', where.email);
    else query = query.where('issuer', '=', where.issuer).where('subject', '=', where.subject);
    return query.orderBy('last_seen_at', 'desc').executeTakeFirst();
  }

  const toUser = (row: NonNullable<Awaited<ReturnType<typeof loadRow>>>): PortalUser => {
    const defaults = defaultNotificationPreferences();
    return {
      id: row.id,
      email: row.email,
      name: row.name,
      roles: ['applicant', ...(row.roles as StaffRole[])],
      counties: [...row.counties],
      profile: {
        preferredLanguage: row.preferred_language as UserSettings['preferredLanguage'],
        notificationPreferences: { email: { ...defaults.email, ...row.notification_preferences.email } },
      },
    };
  };

  async function load(where: { id: string } | { email: string }, executor: Kysely<DB> = db) {
    const row = await loadRow(where, executor);
    return row ? toUser(row) : undefined;
  }

  type Row = NonNullable<Awaited<ReturnType<typeof loadRow>>>;

  /**
   * Issue #9: every sign-in of a staff member is an audit row. The API sees a sign-in as the
   * first call with a token of a new sign-in (its `auth_time`, else its `sid`; with neither,
   * the first call after SIGN_IN_IDLE_MINUTES without any). The row's update decides, so of
   * the calls a fresh page makes at once exactly one writes the audit row.
   */
  async function noteStaffSignIn(row: Row, user: PortalUser, identity: VerifiedIdentity, requestId?: string) {
    const signIn = signInKeyOf(identity.session);
    const idleSince = Date.now() - SIGN_IN_IDLE_MINUTES * 60 * 1000;
    const known = signIn
      ? row.sign_in_key === signIn
      : row.signed_in_at !== null && row.last_seen_at.getTime() > idleSince;
    if (known) return;
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('app_user')
        .set({ sign_in_key: signIn ?? null, signed_in_at: new Date(), last_seen_at: new Date() })
        .where('id', '=', row.id)
        .where((eb) =>
          signIn
            ? eb.or([eb('sign_in_key', 'is', null), eb('sign_in_key', '!=', signIn)])
            : eb.or([eb('signed_in_at', 'is', null), eb('last_seen_at', '<', new Date(idleSince))]),
        )
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return;
      await audit.recordChange(trx, {
        actor: { id: user.id, label: user.email, requestId },
        action: 'staff.signed-in',
        entity: { type: 'user', id: user.id },
        after: {
          roles: user.roles.filter((role) => role !== 'applicant'),
          counties: user.counties,
          issuer: identity.issuer,
          // 'token': the token named a new sign-in; 'idle': it did not, and the call came after a pause.
          basis: signIn ? 'token' : 'idle',
          ...(identity.session?.authTime !== undefined
            ? { authTime: new Date(identity.session.authTime * 1000).toISOString() }
            : {}),
        },
      });
    });
  }

  return {
    /**
     * The user behind a verified identity: created on first sight (also for the CLI and the demo
     * seed, before a first sign-in), name and email kept current. One query when nothing changed.
     * A staff member's new sign-in is audited (`requestId` names the call in the row). A new
     * user's language is the one their first call asked in (`language`), English without one.
     */
    async resolve(
      identity: VerifiedIdentity,
      context: { requestId?: string; language?: string } = {},
    ): Promise<PortalUser> {
      const existing = await loadRow({ issuer: identity.issuer, subject: identity.subject });
      if (existing) {
        const known = toUser(existing);
        if (identity.session && isStaff(existing.roles)) {
          await noteStaffSignIn(existing, known, identity, context.requestId);
        }
        const stale = Date.now() - existing.last_seen_at.getTime() > LAST_SEEN_RESOLUTION_MS;
        if (stale || existing.email !== identity.email || existing.name !== identity.name) {
          await db
            .updateTable('app_user')
            .set({ email: identity.email, name: identity.name, last_seen_at: new Date() })
            .where('id', '=', existing.id)
            .execute();
        }
        return { ...known, email: identity.email, name: identity.name };
      }
      await db
        .insertInto('app_user')
        .values({
          issuer: identity.issuer,
          subject: identity.subject,
          email: identity.email,
          name: identity.name,
          ...(context.language ? { preferred_language: context.language } : {}),
        })
        .onConflict((oc) => oc.columns(['issuer', 'subject']).doUpdateSet({ last_seen_at: new Date() }))
        .execute();
      const created = await loadRow({ issuer: identity.issuer, subject: identity.subject });
      if (!created) throw new Error('user vanished while signing in');
      return toUser(created);
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
     * The user's row is locked first and the state before read under the lock, so changes made
     * at the same moment (two administrators, a double click) are applied and audited one after
     * the other, each entry's before the state the last one left.
     */
    async changeRole(change: RoleChange, actor: RoleChangeActor): Promise<PortalUser> {
      return db.transaction().execute(async (trx) => {
        // NO KEY UPDATE: role changes wait for each other, while rows that refer to the user
        // (uploads, assignments, their key-share locks) need not wait for them.
        await trx.selectFrom('app_user').select('id').where('id', '=', change.userId).forNoKeyUpdate().execute();
        const before = await load({ id: change.userId }, trx);
        if (!before) throw new Error(`no user ${change.userId}`);
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
        await audit.recordChange(trx, {
          actor,
          action: change.action === 'grant' ? 'role.granted' : 'role.revoked',
          entity: { type: 'user', id: change.userId },
          before: { roles: before.roles, counties: before.counties },
          after: { roles: after.roles, counties: after.counties },
        });
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
