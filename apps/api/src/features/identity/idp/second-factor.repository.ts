import { createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@ccap/contracts';
import type { Kysely, Transaction } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { FieldCipher } from '../../../crypto/field-cipher';
import type { DB } from '../../../db/schema';
import { BUILT_IN_ISSUER_KEY } from '../../../env';
import type { AuditRepository, Change } from '../../audit/audit.repository';

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30 seconds. */
const PERIOD_SECONDS = 30;
/** A code of the step before or after the current one passes too (clocks drift, people type). */
export const CODE_WINDOW = 1;
/** A sign-in waiting for its code: as long as oidc-provider keeps the interaction at most. */
const CHALLENGE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes before a pause: the 5th waits a minute, each next one twice as long, at most an hour. */
export const CODE_FAILURES_BEFORE_PAUSE = 5;
const MAX_PAUSE_MINUTES = 60;

export const secondFactorPauseMinutes = (failures: number) =>
  failures < CODE_FAILURES_BEFORE_PAUSE ? 0 : Math.min(2 ** (failures - CODE_FAILURES_BEFORE_PAUSE), MAX_PAUSE_MINUTES);

type Actor = Change['actor'];

export type CodeCheck =
  | { outcome: 'accepted'; via: 'totp' | 'recovery-code' }
  | { outcome: 'invalid' }
  | { outcome: 'locked'; retryAfterSeconds: number };

const hashRecoveryCode = (code: string) => createHash('sha256').update(normalizeRecoveryCode(code)).digest('base64url');
const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Ten characters of a 31-letter alphabet (about 50 bits), shown as `xxxxx-xxxxx`. */
function newRecoveryCode() {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Where the secret sits in its row, for the associated data it is sealed with. */
const SECRET_PATH = 'secret';
const TABLE = 'idp_second_factor';

/**
 * Staff accounts' second factor on the built-in provider (ADR 088): TOTP secrets sealed under
 * the field-encryption key ring with a data key per row (ADR 097), one-time recovery codes
 * stored hashed, replay and wrong-code throttling, and the sign-ins whose password was right and
 * that wait for their code.
 */
export function createSecondFactorRepository(
  db: Kysely<DB>,
  deps: {
    audit: AuditRepository;
    cipher: FieldCipher;
    /** The server secret secrets were sealed under before ADR 097: read to re-seal them. */
    serverSecret: () => Promise<string>;
  },
) {
  let legacyKey: Promise<Buffer> | undefined;
  const key = () =>
    (legacyKey ??= deps
      .serverSecret()
      .then((secret) => Buffer.from(hkdfSync('sha256', secret, 'ccap', 'idp second factor secret v1', 32))));

  const seal = (accountId: string, base32: string) => deps.cipher.sealSecret(TABLE, accountId, SECRET_PATH, base32);

  /** A secret sealed the earlier way: AES-256-GCM under the server secret, the account as associated data. */
  const unsealLegacy = async (accountId: string, value: string) => {
    const [version, iv, tag, sealed] = value.split('.');
    if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unknown second-factor secret format');
    const decipher = createDecipheriv('aes-256-gcm', await key(), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(accountId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
  };
  const unseal = (accountId: string, row: { secret_sealed: string; data_key: string | null }) =>
    row.data_key === null
      ? unsealLegacy(accountId, row.secret_sealed)
      : deps.cipher.openSecret(TABLE, accountId, SECRET_PATH, row.secret_sealed, row.data_key);

  const totpOf = (base32: string, label = '', issuer = '') =>
    new TOTP({
      issuer,
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_SECONDS,
      secret: Secret.fromBase32(base32),
    });

  /** The step a code matches within the window, or undefined. */
  const matchingStep = (base32: string, code: string, now: Date) => {
    const delta = totpOf(base32).validate({
      token: code.replace(/\s/g, ''),
      timestamp: now.getTime(),
      window: CODE_WINDOW,
    });
    return delta === null ? undefined : Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
  };

  const lockedFor = (row: { locked_until: Date | null }, now: Date) =>
    row.locked_until && row.locked_until > now ? Math.ceil((row.locked_until.getTime() - now.getTime()) / 1000) : 0;

  /** Counts a wrong code inside the transaction; a pause from the 5th on. */
  const fail = async (trx: Transaction<DB>, accountId: string, failures: number, now: Date): Promise<CodeCheck> => {
    const pause = secondFactorPauseMinutes(failures);
    await trx
      .updateTable('idp_second_factor')
      .set({ failed_count: failures, locked_until: pause ? new Date(now.getTime() + pause * 60_000) : null })
      .where('account_id', '=', accountId)
      .execute();
    return pause ? { outcome: 'locked', retryAfterSeconds: pause * 60 } : { outcome: 'invalid' };
  };

  const replaceRecoveryCodes = async (trx: Transaction<DB>, accountId: string) => {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await trx.deleteFrom('idp_recovery_code').where('account_id', '=', accountId).execute();
    await trx
      .insertInto('idp_recovery_code')
      .values(codes.map((code) => ({ account_id: accountId, code_hash: hashRecoveryCode(code) })))
      .execute();
    return codes;
  };

  return {
    /** The staff roles of the portal user this built-in account signs in as. */
    async staffRolesOf(accountId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('app_user')
        .innerJoin('user_role', 'user_role.user_id', 'app_user.id')
        .select('user_role.role')
        .where('app_user.issuer', '=', BUILT_IN_ISSUER_KEY)
        .where('app_user.subject', '=', accountId)
        .execute();
      return rows.map((row) => row.role);
    },

    async isEnrolled(accountId: string): Promise<boolean> {
      const row = await db
        .selectFrom('idp_second_factor')
        .select('enrolled_at')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return !!row?.enrolled_at;
    },

    /** Marks a sign-in attempt as waiting for its second factor. */
    async openChallenge(interactionUid: string, accountId: string, now = new Date()): Promise<void> {
      await db
        .insertInto('idp_second_factor_challenge')
        .values({
          interaction_uid: interactionUid,
          account_id: accountId,
          expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
        })
        .onConflict((oc) =>
          oc
            .column('interaction_uid')
            .doUpdateSet({ account_id: accountId, expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS) }),
        )
        .execute();
      await db.deleteFrom('idp_second_factor_challenge').where('expires_at', '<', now).execute();
    },

    /** The account a sign-in attempt waits on, while it may. */
    async challengeAccount(interactionUid: string, now = new Date()): Promise<string | undefined> {
      const row = await db
        .selectFrom('idp_second_factor_challenge')
        .select('account_id')
        .where('interaction_uid', '=', interactionUid)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.account_id;
    },

    async closeChallenge(interactionUid: string): Promise<void> {
      await db.deleteFrom('idp_second_factor_challenge').where('interaction_uid', '=', interactionUid).execute();
    },

    /**
     * A new secret for an account that has no confirmed second factor (any earlier unconfirmed
     * one is replaced); undefined when one is confirmed already: its secret is never shown again.
     */
    async startEnrolment(
      account: { id: string; email: string },
      /** The name the authenticator app lists the account under (the product's). */
      issuer: string,
    ): Promise<{ secret: string; otpauthUri: string } | undefined> {
      const secret = new Secret({ size: 20 }).base32;
      const { sealed, dataKey } = await seal(account.id, secret);
      const row = await db
        .insertInto('idp_second_factor')
        .values({ account_id: account.id, secret_sealed: sealed, data_key: dataKey })
        .onConflict((oc) =>
          oc
            .column('account_id')
            .doUpdateSet({ secret_sealed: sealed, data_key: dataKey, created_at: new Date() })
            .where('idp_second_factor.enrolled_at', 'is', null),
        )
        .returning('account_id')
        .executeTakeFirst();
      if (!row) return undefined;
      return { secret, otpauthUri: totpOf(secret, account.email, issuer).toString() };
    },

    /**
     * Confirms a pending secret with its first code: enrolled, that code's step used, new
     * recovery codes (returned this once, stored hashed) and the audit row, in one transaction.
     */
    async confirmEnrolment(
      accountId: string,
      code: string,
      actor: Actor,
      now = new Date(),
    ): Promise<{ outcome: 'enrolled'; recoveryCodes: string[] } | Exclude<CodeCheck, { outcome: 'accepted' }>> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('idp_second_factor')
          .selectAll()
          .where('account_id', '=', accountId)
          .where('enrolled_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return { outcome: 'invalid' as const };
        const wait = lockedFor(row, now);
        if (wait) return { outcome: 'locked' as const, retryAfterSeconds: wait };
        const step = isTotpCode(code) ? matchingStep(await unseal(accountId, row), code, now) : undefined;
        if (step === undefined) {
          const failed = await fail(trx, accountId, row.failed_count + 1, now);
          return failed.outcome === 'accepted' ? { outcome: 'invalid' as const } : failed;
        }
        await trx
          .updateTable('idp_second_factor')
          .set({ enrolled_at: now, last_used_step: step, failed_count: 0, locked_until: null })
          .where('account_id', '=', accountId)
          .execute();
        const recoveryCodes = await replaceRecoveryCodes(trx, accountId);
        await deps.audit.recordChange(trx, {
          actor,
          action: 'account.second-factor-enrolled',
          entity: { type: 'idp_account', id: accountId },
          after: { method: 'totp', recoveryCodes: recoveryCodes.length },
        });
        return { outcome: 'enrolled' as const, recoveryCodes };
      });
    },

    /**
     * Checks a sign-in's code: an authenticator code of a step later than the last accepted one
     * (a code is never taken twice), or an unused recovery code (used up now). Wrong codes count
     * towards a pause, whichever kind they were meant to be; a right one clears the count.
     */
    async verify(accountId: string, code: string, actor: Actor, now = new Date()): Promise<CodeCheck> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('idp_second_factor')
          .selectAll()
          .where('account_id', '=', accountId)
          .where('enrolled_at', 'is not', null)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return { outcome: 'invalid' as const };
        const wait = lockedFor(row, now);
        if (wait) return { outcome: 'locked' as const, retryAfterSeconds: wait };

        if (isTotpCode(code)) {
          const step = matchingStep(await unseal(accountId, row), code, now);
          if (step === undefined || (row.last_used_step !== null && step <= row.last_used_step)) {
            return fail(trx, accountId, row.failed_count + 1, now);
          }
          await trx
            .updateTable('idp_second_factor')
            .set({ last_used_step: step, failed_count: 0, locked_until: null })
            .where('account_id', '=', accountId)
            .execute();
          return { outcome: 'accepted' as const, via: 'totp' as const };
        }

        const used = await trx
          .updateTable('idp_recovery_code')
          .set({ used_at: now })
          .where('account_id', '=', accountId)
          .where('code_hash', '=', hashRecoveryCode(code))
          .where('used_at', 'is', null)
          .returning('code_hash')
          .executeTakeFirst();
        if (!used) return fail(trx, accountId, row.failed_count + 1, now);
        await trx
          .updateTable('idp_second_factor')
          .set({ failed_count: 0, locked_until: null })
          .where('account_id', '=', accountId)
          .execute();
        const left = await trx
          .selectFrom('idp_recovery_code')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('account_id', '=', accountId)
          .where('used_at', 'is', null)
          .executeTakeFirstOrThrow();
        await deps.audit.recordChange(trx, {
          actor,
          action: 'account.recovery-code-used',
          entity: { type: 'idp_account', id: accountId },
          after: { recoveryCodesLeft: Number(left.count) },
        });
        return { outcome: 'accepted' as const, via: 'recovery-code' as const };
      });
    },

    /**
     * An administrator clears a portal user's second factor (secret and recovery codes): they
     * set up a new one at their next sign-in. `not-built-in` for a user of another provider.
     */
    async resetForUser(userId: string, actor: Actor): Promise<'reset' | 'none' | 'not-built-in'> {
      return db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('app_user')
          .select(['issuer', 'subject'])
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!user || user.issuer !== BUILT_IN_ISSUER_KEY) return 'not-built-in' as const;
        const accountId = user.subject;
        const removed = await trx
          .deleteFrom('idp_second_factor')
          .where('account_id', '=', accountId)
          .returning('enrolled_at')
          .executeTakeFirst();
        await trx.deleteFrom('idp_recovery_code').where('account_id', '=', accountId).execute();
        if (!removed) return 'none' as const;
        await deps.audit.recordChange(trx, {
          actor,
          action: 'account.second-factor-reset',
          entity: { type: 'user', id: userId },
          before: { enrolled: removed.enrolled_at !== null },
          after: { enrolled: false },
        });
        return 'reset' as const;
      });
    },

    /**
     * A demonstration account's authenticator with a published secret (embedded default only),
     * so the demo administrator can sign in from a README; nothing when it has one already.
     */
    async seedDemo(accountId: string, base32: string): Promise<boolean> {
      const { sealed, dataKey } = await seal(accountId, base32);
      const row = await db
        .insertInto('idp_second_factor')
        .values({ account_id: accountId, secret_sealed: sealed, data_key: dataKey, enrolled_at: new Date() })
        .onConflict((oc) => oc.column('account_id').doNothing())
        .returning('account_id')
        .executeTakeFirst();
      return !!row;
    },

    /**
     * Re-seals, under the key ring, the secrets sealed the earlier way (at start-up); each row is
     * written only if unchanged since read, so an enrolment in between wins.
     */
    async sealLegacySecrets(): Promise<number> {
      const rows = await db
        .selectFrom('idp_second_factor')
        .select(['account_id', 'secret_sealed', 'data_key'])
        .where('data_key', 'is', null)
        .execute();
      let sealed = 0;
      for (const row of rows) {
        const next = await seal(row.account_id, await unsealLegacy(row.account_id, row.secret_sealed));
        const result = await db
          .updateTable('idp_second_factor')
          .set({ secret_sealed: next.sealed, data_key: next.dataKey })
          .where('account_id', '=', row.account_id)
          .where('secret_sealed', '=', row.secret_sealed)
          .where('data_key', 'is', null)
          .executeTakeFirst();
        sealed += Number(result.numUpdatedRows);
      }
      return sealed;
    },

    /**
     * Re-wraps each secret's data key sealed under an older KEK version with the current one
     * (`rotate-data-key`); the secrets are not written again. Returns how many were re-wrapped.
     */
    async rotateDataKeys(batchSize = 200): Promise<number> {
      await this.sealLegacySecrets();
      const current = deps.cipher.kek.currentVersion;
      let after: string | undefined;
      let rewrapped = 0;
      for (;;) {
        const rows = await db
          .selectFrom('idp_second_factor')
          .select(['account_id', 'data_key'])
          .where('data_key', 'not like', `k1.${current}.%`)
          .$if(after !== undefined, (query) => query.where('account_id', '>', after!))
          .orderBy('account_id')
          .limit(batchSize)
          .execute();
        if (rows.length === 0) return rewrapped;
        for (const row of rows) {
          after = row.account_id;
          const result = await db
            .updateTable('idp_second_factor')
            .set({ data_key: await deps.cipher.rewrap(TABLE, row.account_id, row.data_key!) })
            .where('account_id', '=', row.account_id)
            .where('data_key', '=', row.data_key)
            .executeTakeFirst();
          rewrapped += Number(result.numUpdatedRows);
        }
      }
    },

    /** Secrets whose data key is missing or sealed under another version than the current one. */
    async staleCount(): Promise<number> {
      const row = await db
        .selectFrom('idp_second_factor')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where((eb) =>
          eb.or([eb('data_key', 'is', null), eb('data_key', 'not like', `k1.${deps.cipher.kek.currentVersion}.%`)]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
export type SecondFactorRepository = ReturnType<typeof createSecondFactorRepository>;
