import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What seals the data keys (ADR 080): a key-encryption key (KEK) with versions. The portal's
 * own keyring below holds the keys themselves; a key management service (AWS KMS: Encrypt and
 * Decrypt with an encryption context, GenerateMac for the matching key) implements the same four
 * calls without the key ever leaving it.
 */
export interface KeyEncryptionKey {
  /** The version new data keys are sealed with. */
  readonly currentVersion: number;
  /** Every version this instance can open (the current one and those before it). */
  readonly versions: readonly number[];
  /** Seals a data key under the current version; `context` binds it to its record. */
  wrap(dataKey: Buffer, context: string): Promise<{ version: number; sealed: Buffer }>;
  /** Opens a data key sealed under `version`; throws when it or its context was changed. */
  unwrap(version: number, sealed: Buffer, context: string): Promise<Buffer>;
  /** The key of the keyed hashes (HMAC-SHA256) made under `version`, for matching values. */
  macKey(version: number): Promise<Buffer>;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM: iv ‖ ciphertext ‖ tag, the associated data authenticated with it. */
export function seal(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

export function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('The sealed value is too short');
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES)), decipher.final()]);
}

/** The keyring of the configuration (DATA_KEY, DATA_KEY_VERSION, DATA_KEY_PREVIOUS) or the data folder's file. */
export interface Keyring {
  current: number;
  keys: Map<number, Buffer>;
}

/** A keyring held by the portal itself: AES-256-GCM key wrapping, HKDF-derived hash keys. */
export function localKeyEncryptionKey(keyring: Keyring): KeyEncryptionKey {
  const keyOf = (version: number) => {
    const key = keyring.keys.get(version);
    if (!key) throw new Error(`Data key version ${version} is not in this instance's keyring (DATA_KEY_PREVIOUS)`);
    return key;
  };
  keyOf(keyring.current);
  const macKeys = new Map<number, Buffer>();
  return {
    currentVersion: keyring.current,
    versions: [...keyring.keys.keys()].sort((a, b) => b - a),
    async wrap(dataKey, context) {
      return { version: keyring.current, sealed: seal(keyOf(keyring.current), dataKey, `kek:${context}`) };
    },
    async unwrap(version, sealed, context) {
      return open(keyOf(version), sealed, `kek:${context}`);
    },
    async macKey(version) {
      let key = macKeys.get(version);
      if (!key) {
        key = Buffer.from(hkdfSync('sha256', keyOf(version), Buffer.alloc(0), 'ccap field hash', 32));
        macKeys.set(version, key);
      }
      return key;
    },
  };
}

/** A key given in configuration: base64 of exactly 32 bytes. */
export function parseKey(text: string, name: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${name}: must be base64 of 32 random bytes (openssl rand -base64 32)`);
  return key;
}

/** The persisted keyring of the embedded default: `<data folder>/data-keys.json`, made at first start. */
interface KeyringFile {
  current: number;
  keys: Record<string, string>;
}

export async function readKeyringFile(file: string): Promise<Keyring | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as KeyringFile;
  return {
    current: parsed.current,
    keys: new Map(Object.entries(parsed.keys).map(([version, key]) => [Number(version), parseKey(key, file)])),
  };
}

export async function writeKeyringFile(file: string, keyring: Keyring): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const body: KeyringFile = {
    current: keyring.current,
    keys: Object.fromEntries([...keyring.keys].map(([version, key]) => [String(version), key.toString('base64')])),
  };
  // Written beside and renamed: a crash never leaves half a keyring (and so unreadable data).
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(temporary, file);
}

/** The embedded default's keyring: read from the data folder, or made there with one new key. */
export async function fileKeyring(file: string): Promise<Keyring> {
  const existing = await readKeyringFile(file);
  if (existing) return existing;
  const made: Keyring = { current: 1, keys: new Map([[1, randomBytes(32)]]) };
  await fs.mkdir(path.dirname(file), { recursive: true });
  try {
    await fs.writeFile(file, '', { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Another process (a second start, the admin command) made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      for (let attempt = 0; attempt < 50; attempt++) {
        const theirs = await readKeyringFile(file).catch(() => undefined);
        if (theirs) return theirs;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    throw error;
  }
  await writeKeyringFile(file, made);
  return made;
}

/** Adds a new current version to the data folder's keyring; the old versions stay to open what they sealed. */
export async function addFileKeyVersion(file: string): Promise<Keyring> {
  const keyring = await fileKeyring(file);
  const next = Math.max(...keyring.keys.keys()) + 1;
  const updated: Keyring = { current: next, keys: new Map([...keyring.keys, [next, randomBytes(32)]]) };
  await writeKeyringFile(file, updated);
  return updated;
}

/** The key-encryption key the configuration names: its keyring, or the data folder's (made at first start). */
export async function keyEncryptionKeyFor(
  config: { kind: 'configured'; keyring: Keyring } | { kind: 'file'; file: string },
): Promise<KeyEncryptionKey> {
  return localKeyEncryptionKey(config.kind === 'configured' ? config.keyring : await fileKeyring(config.file));
}
