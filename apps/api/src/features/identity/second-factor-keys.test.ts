import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { registerAndConfirm, signInThroughIdp, type SecondFactorStep } from '../../../test/identity';
import { createFieldCipher } from '../../crypto/field-cipher';
import { type Keyring, localKeyEncryptionKey } from '../../crypto/key-encryption-key';
import { BUILT_IN_ISSUER_KEY } from '../../env';

// ADR 097: the staff authenticator secret is sealed under the field-encryption key ring
// (DATA_KEY), re-sealed at start when it was sealed the earlier way, re-wrapped by a rotation.
const KEY_1 = randomBytes(32);
const KEY_2 = randomBytes(32);
const keyring = (current: number, ...versions: number[]): Keyring => ({
  current,
  keys: new Map(versions.map((version) => [version, version === 1 ? KEY_1 : KEY_2])),
});

let ctx: TestContext;
const secret = new Secret({ size: 20 }).base32;
const admin = { name: 'Keyring Admin', email: 'keyring.admin@example.gov', password: 'Harbor-Lantern-Quartz-77' };
let accountId = '';

const codeAt = (timestamp: number) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });
const answer =
  (code: string): SecondFactorStep =>
  async (step, call) => {
    expect(step).toBe('verify');
    const reply = await call('second-factor', { code });
    expect(reply.statusCode).toBe(200);
    return reply.json<{ redirectTo: string }>().redirectTo;
  };
const rowOf = () =>
  ctx.database.db
    .selectFrom('idp_second_factor')
    .select(['secret_sealed', 'data_key'])
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();

/** The secret sealed the way ADR 088 did: under a key derived from a server secret in the database. */
async function sealTheEarlierWay(base32: string) {
  const serverSecret = await ctx.app.repositories.signingKeys.secret('second-factor-key');
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'ccap', 'idp second factor secret v1', 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(accountId));
  const sealed = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join(
    '.',
  );
}

beforeAll(async () => {
  // Key version 2 is known but not yet current: the first step of a rotation.
  ctx = await createTestApp({ dataKeys: { kind: 'configured', keyring: keyring(1, 1, 2) } });
  await registerAndConfirm(ctx, admin);
  accountId = (await ctx.app.repositories.accounts.findByEmail(admin.email))!.id;
  const user = await ctx.app.repositories.users.resolve({
    issuer: BUILT_IN_ISSUER_KEY,
    subject: accountId,
    email: admin.email,
    name: admin.name,
  });
  await ctx.app.repositories.users.changeRole(
    { action: 'grant', userId: user.id, role: 'administrator', counties: [] },
    { id: null, label: 'test' },
  );
});
afterAll(async () => {
  await ctx?.close();
});

describe('the authenticator secret under DATA_KEY (ADR 097)', () => {
  it('seals a new secret with a data key of its row, sealed by the key ring', async () => {
    expect(await ctx.app.repositories.secondFactor.seedDemo(accountId, secret)).toBe(true);
    const row = await rowOf();
    expect(row.data_key).toMatch(/^k1\.1\./);
    expect(row.secret_sealed).toMatch(/^enc1\./);
    expect(row.secret_sealed).not.toContain(secret);
  });

  it('re-seals a secret sealed the earlier way at start, and the staff member still signs in', async () => {
    await ctx.database.db
      .updateTable('idp_second_factor')
      .set({ secret_sealed: await sealTheEarlierWay(secret), data_key: null })
      .where('account_id', '=', accountId)
      .execute();
    expect(await ctx.app.repositories.secondFactor.staleCount()).toBe(1);
    // A start on the same database (another instance, or the next deployment).
    const restarted = await createTestApp({ dataKeys: { kind: 'configured', keyring: keyring(1, 1, 2) } }, undefined, {
      database: ctx.database,
    });
    try {
      const row = await rowOf();
      expect(row.data_key).toMatch(/^k1\.1\./);
      expect(row.secret_sealed).toMatch(/^enc1\./);
      const { tokens } = await signInThroughIdp(restarted, admin.email, admin.password, answer(codeAt(Date.now())));
      expect(tokens?.access_token).toBeTruthy();
    } finally {
      await restarted.app.close();
    }
  });

  it('is re-wrapped by a key rotation, and sign-in with a code works after it', async () => {
    const rotated = await createTestApp({ dataKeys: { kind: 'configured', keyring: keyring(2, 1, 2) } }, undefined, {
      database: ctx.database,
    });
    try {
      const before = await rowOf();
      expect(await rotated.app.repositories.secondFactor.staleCount()).toBe(1);
      expect(await rotated.app.repositories.secondFactor.rotateDataKeys()).toBe(1);
      const after = await rowOf();
      expect(after.data_key).toMatch(/^k1\.2\./);
      // Re-wrapped, not re-encrypted: the secret's ciphertext is as it was.
      expect(after.secret_sealed).toBe(before.secret_sealed);
      expect(await rotated.app.repositories.secondFactor.staleCount()).toBe(0);
      // The next step's code: the one before was taken at the last sign-in.
      const { tokens } = await signInThroughIdp(
        rotated,
        admin.email,
        admin.password,
        answer(codeAt(Date.now() + 30_000)),
      );
      expect(tokens?.access_token).toBeTruthy();
      // A key ring without the new version cannot open it any more.
      const retired = createFieldCipher(localKeyEncryptionKey(keyring(1, 1)));
      await expect(
        retired.openSecret('idp_second_factor', accountId, 'secret', after.secret_sealed, after.data_key!),
      ).rejects.toThrow(/version 2/);
    } finally {
      await rotated.app.close();
    }
  });
});
