import { createHash, randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../../db/schema';
import type { AuditRepository } from '../../audit/audit.repository';
import type { MailRepository, OutgoingMail } from '../../mail/mail.repository';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { type Device, FAILURE_MEMORY_MS, type ThrottleClient, waitSeconds } from './sign-in-throttle';

const TOKEN_TTL_MS = { 'confirm-email': 24 * 60 * 60 * 1000, 'reset-password': 60 * 60 * 1000 } as const;
type TokenPurpose = keyof typeof TOKEN_TTL_MS;

export interface IdpAccount {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

export type SignInResult =
  | { outcome: 'signed-in'; account: IdpAccount }
  | { outcome: 'invalid' }
  | { outcome: 'locked'; retryAfterSeconds: number }
  | { outcome: 'unconfirmed'; account: IdpAccount };

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The mails a registration may send, made once the confirmation token is known. */
export interface RegistrationMails {
  confirm: (token: string) => OutgoingMail;
  alreadyRegistered: () => OutgoingMail;
}

/** The built-in identity provider's accounts: passwords, sign-in throttling and one-time links. */
export function createAccountsRepository(db: Kysely<DB>, deps: { mail: MailRepository; audit: AuditRepository }) {
  const toAccount = (row: { id: string; email: string; name: string; email_verified_at: Date | null }): IdpAccount => ({
    id: row.id,
    email: row.email,
    name: row.name,
    emailVerified: row.email_verified_at !== null,
  });

  /** Undefined when the email is taken. */
  const insertAccount = async (
    trx: Kysely<DB> | Transaction<DB>,
    input: { name: string; email: string; passwordHash: string; verified?: boolean },
  ) => {
    const row = await trx
      .insertInto('idp_account')
      .values({
        email: input.email,
        name: input.name,
        password_hash: input.passwordHash,
        email_verified_at: input.verified ? new Date() : null,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning(['id', 'email', 'name', 'email_verified_at'])
      .executeTakeFirst();
    return row ? toAccount(row) : undefined;
  };

  /** A one-time link token; only its hash is stored. */
  const insertToken = async (
    trx: Kysely<DB> | Transaction<DB>,
    accountId: string,
    purpose: TokenPurpose,
    interactionUid: string | undefined,
  ) => {
    const token = randomBytes(32).toString('base64url');
    await trx
      .insertInto('idp_one_time_token')
      .values({
        token_hash: hashToken(token),
        purpose,
        account_id: accountId,
        interaction_uid: interactionUid ?? null,
        expires_at: new Date(Date.now() + TOKEN_TTL_MS[purpose]),
      })
      .execute();
    return token;
  };

  /** Uses a one-time token: valid once, before it expires, for its purpose only. */
  const useToken = async (trx: Transaction<DB>, token: string, purpose: TokenPurpose) => {
    const row = await trx
      .updateTable('idp_one_time_token')
      .set({ used_at: new Date() })
      .where('token_hash', '=', hashToken(token))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning(['account_id', 'interaction_uid'])
      .executeTakeFirst();
    return row ? { accountId: row.account_id, interactionUid: row.interaction_uid ?? undefined } : undefined;
  };

  /** The account of a one-time token that could be used now, without using it. */
  const usableTokenAccount = async (token: string, purpose: TokenPurpose) =>
    (
      await db
        .selectFrom('idp_one_time_token')
        .select('account_id')
        .where('token_hash', '=', hashToken(token))
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .executeTakeFirst()
    )?.account_id;

  return {
    async findById(id: string): Promise<IdpAccount | undefined> {
      const row = await db
        .selectFrom('idp_account')
        .select(['id', 'email', 'name', 'email_verified_at'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toAccount(row) : undefined;
    },

    /**
     * The language the holder of an account chose in the portal's settings (the portal's user
     * of this provider's subject), once they have signed in; undefined before.
     */
    async preferredLanguage(by: { email: string } | { id: string }): Promise<string | undefined> {
      const row = await db
        .selectFrom('idp_account')
        .innerJoin('app_user', (join) => join.on(sql<boolean>`app_user.subject = idp_account.id::text`))
        .select('app_user.preferred_language')
        .where((eb) => ('email' in by ? eb('idp_account.email', '=', by.email) : eb('idp_account.id', '=', by.id)))
        .orderBy('app_user.last_seen_at', 'desc')
        .executeTakeFirst();
      return row?.preferred_language;
    },

    async findByEmail(email: string): Promise<IdpAccount | undefined> {
      const row = await db
        .selectFrom('idp_account')
        .select(['id', 'email', 'name', 'email_verified_at'])
        .where('email', '=', email)
        .executeTakeFirst();
      return row ? toAccount(row) : undefined;
    },

    /** Creates an account; undefined when the email is taken (the caller must not say so). */
    async create(input: { name: string; email: string; password: string; verified?: boolean }) {
      const passwordHash = await hashPassword(input.password);
      return insertAccount(db, { ...input, passwordHash });
    },

    /**
     * A registration, all or nothing in one transaction: a new account with its confirmation
     * token, the mail carrying it and the audit row; for an address that has an account, only
     * the "you already have one" mail. Separate statements used to leave, when a later one
     * failed, an account whose confirmation mail was never written (its address then taken).
     * The password is hashed first, outside the transaction and whether or not the address is
     * taken, so neither a lock nor the timing shows which it was.
     */
    async register(
      input: { name: string; email: string; password: string; interactionUid?: string; requestId: string },
      mails: RegistrationMails,
    ): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      await db.transaction().execute(async (trx) => {
        const created = await insertAccount(trx, { name: input.name, email: input.email, passwordHash });
        if (!created) {
          await deps.mail.enqueue(mails.alreadyRegistered(), trx);
          return;
        }
        const token = await insertToken(trx, created.id, 'confirm-email', input.interactionUid);
        await deps.mail.enqueue(mails.confirm(token), trx);
        await deps.audit.recordChange(trx, {
          actor: { id: null, label: input.email, requestId: input.requestId },
          action: 'account.registered',
          entity: { type: 'idp_account', id: created.id },
        });
      });
    },

    /**
     * Checks a password under the throttling rules (ADR 095). Failures are counted per email
     * address whether or not an account exists, and a wrong email costs the same hashing time as
     * a wrong password, so neither answers nor timing reveal which addresses are registered; a
     * device cookie counts only when it is the account's, so it cannot tell either.
     */
    async signIn(
      email: string,
      password: string,
      client: { ip: string; device?: Device },
      now = new Date(),
    ): Promise<SignInResult> {
      const row = await db
        .selectFrom('idp_account')
        .select(['id', 'email', 'name', 'email_verified_at', 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirst();
      const knownDevice = row !== undefined && client.device?.accountId === row.id;
      const clients: ThrottleClient[] = knownDevice
        ? [`device:${client.device!.deviceId}`]
        : [`ip:${client.ip}`, 'pool'];

      // The attempt is counted before the password is checked, under the rows' locks, so
      // parallel guesses each count and none slips past a wait.
      const admitted = await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('idp_sign_in_throttle')
          .values(clients.map((key) => ({ email, client: key, failed_count: 0, last_failed_at: now })))
          .onConflict((oc) => oc.columns(['email', 'client']).doNothing())
          .execute();
        const counts = await trx
          .selectFrom('idp_sign_in_throttle')
          .select(['client', 'failed_count', 'last_failed_at'])
          .where('email', '=', email)
          .where('client', 'in', clients)
          .orderBy('client')
          .forUpdate()
          .execute();
        const wait = Math.max(
          0,
          ...counts.map((count) => waitSeconds({ ...count, client: count.client as ThrottleClient }, now)),
        );
        if (wait > 0) return { wait, failures: [] };
        const forgotten = new Date(now.getTime() - FAILURE_MEMORY_MS);
        const failures = await trx
          .updateTable('idp_sign_in_throttle')
          .set((eb) => ({
            failed_count: eb
              .case()
              .when('last_failed_at', '<', forgotten)
              .then(1)
              .else(eb('failed_count', '+', 1))
              .end(),
            last_failed_at: now,
          }))
          .where('email', '=', email)
          .where('client', 'in', clients)
          .returning(['client', 'failed_count', 'last_failed_at'])
          .execute();
        return { wait: 0, failures };
      });
      if (admitted.wait > 0) return { outcome: 'locked', retryAfterSeconds: admitted.wait };

      const valid = await verifyPassword(password, row?.password_hash ?? (await dummyPasswordHash()));
      if (row && valid) {
        // The owner proved themselves from this client: its counts start again (from their
        // device, its own count only: the pool others fill stays as it is).
        await db.deleteFrom('idp_sign_in_throttle').where('email', '=', email).where('client', 'in', clients).execute();
        const account = toAccount(row);
        return account.emailVerified ? { outcome: 'signed-in', account } : { outcome: 'unconfirmed', account };
      }

      // This failure may start a wait: it is said now, as the next attempt would be refused.
      const wait = Math.max(
        0,
        ...admitted.failures.map((count) => waitSeconds({ ...count, client: count.client as ThrottleClient }, now)),
      );
      return wait > 0 ? { outcome: 'locked', retryAfterSeconds: wait } : { outcome: 'invalid' };
    },

    /**
     * A fresh one-time link and the mail carrying it, in one transaction: a link whose mail
     * was lost is never left behind to puzzle whoever asks for the next one.
     */
    async sendLink(
      accountId: string,
      purpose: TokenPurpose,
      interactionUid: string | undefined,
      mail: (token: string) => OutgoingMail,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const token = await insertToken(trx, accountId, purpose, interactionUid);
        await deps.mail.enqueue(mail(token), trx);
      });
    },

    /**
     * Confirms an address with its one-time link: the link is used and the account verified in
     * one transaction, so a failure between them cannot leave a used link and an unconfirmed
     * account. Undefined when the link is not valid (any more).
     */
    async confirmEmail(token: string): Promise<{ interactionUid?: string } | undefined> {
      return db.transaction().execute(async (trx) => {
        const used = await useToken(trx, token, 'confirm-email');
        if (!used) return undefined;
        await trx
          .updateTable('idp_account')
          .set({ email_verified_at: new Date(), updated_at: new Date() })
          .where('id', '=', used.accountId)
          .where('email_verified_at', 'is', null)
          .execute();
        return used.interactionUid ? { interactionUid: used.interactionUid } : {};
      });
    },

    /**
     * A password reset with its one-time link, all or nothing in one transaction: the link is
     * used, the password set, any throttling cleared, every session, grant and refresh token and
     * every other reset link of the account voided, the "password changed" mail and the audit
     * row written. A failure anywhere keeps the old password and leaves the link usable.
     * The new password is hashed first, outside the transaction, and only for a link that is
     * usable: a dead link costs no hashing. False when the link is not valid (any more).
     */
    async resetPassword(
      input: { token: string; password: string; requestId: string },
      mail: (account: IdpAccount) => OutgoingMail,
    ): Promise<boolean> {
      const accountId = await usableTokenAccount(input.token, 'reset-password');
      if (!accountId) return false;
      const passwordHash = await hashPassword(input.password);
      return db.transaction().execute(async (trx) => {
        // The account first: two resets of one account (two of its links at once) queue here,
        // rather than each locking its own link and then waiting for the other's (a deadlock,
        // since each voids the account's other links). The second then finds its link voided.
        await trx.selectFrom('idp_account').select('id').where('id', '=', accountId).forUpdate().execute();
        // Checked again as it is used: a parallel reset with the same link may have won meanwhile.
        const used = await useToken(trx, input.token, 'reset-password');
        if (!used) return false;
        const row = await trx
          .updateTable('idp_account')
          .set({
            password_hash: passwordHash,
            updated_at: new Date(),
            email_verified_at: sql`coalesce(email_verified_at, now())`,
          })
          .where('id', '=', used.accountId)
          .returning(['id', 'email', 'name', 'email_verified_at'])
          .executeTakeFirstOrThrow();
        const account = toAccount(row);
        await trx.deleteFrom('idp_sign_in_throttle').where('email', '=', account.email).execute();
        // A new password ends every session, grant and refresh token the account had.
        await trx
          .deleteFrom('oidc_payload')
          .where(sql<boolean>`payload->>'accountId' = ${account.id}`)
          .execute();
        await trx
          .updateTable('idp_one_time_token')
          .set({ used_at: new Date() })
          .where('account_id', '=', account.id)
          .where('purpose', '=', 'reset-password')
          .where('used_at', 'is', null)
          .execute();
        await deps.mail.enqueue(mail(account), trx);
        await deps.audit.recordChange(trx, {
          actor: { id: null, label: account.email, requestId: input.requestId },
          action: 'account.password-reset',
          entity: { type: 'idp_account', id: account.id },
        });
        return true;
      });
    },
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
