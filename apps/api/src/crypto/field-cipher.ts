import { createHmac, randomBytes } from 'node:crypto';
import { mapProtectedFields, protectedFieldsOf } from '@ccap/contracts';
import { type KeyEncryptionKey, open, seal } from './key-encryption-key';

/**
 * The tables whose rows hold an application's answers, each row with a data key of its own: the
 * drafts, the submitted applications, the versions of an approved provider's record and the
 * changes reported on it.
 */
export type SealedTable = 'draft_application' | 'application' | 'provider_record_version' | 'provider_change';
/** Tables whose rows hold one secret (not answers) sealed with a data key of the row's own. */
export type SecretTable = 'idp_second_factor';
type RowId = number | string;

/** A row's answers as stored: protected answers sealed, the row's data key sealed by the KEK. */
export interface SealedAnswers<T> {
  answers: T;
  /** `k1.<KEK version>.<data-key id>.<sealed key>`: the row's `data_key` column. */
  dataKey: string;
  /** `h<KEK version>.<HMAC-SHA256>` of the taxpayer number's digits: the row's `tin_hmac` column. */
  tinHmac: string | null;
}

const DATA_KEY_FORMAT = 'k1';
const FIELD_FORMAT = 'enc1';

/** What the data key seals is bound to: the row (table and id) and the key's own id. */
const keyContext = (table: SealedTable | SecretTable, id: RowId, keyId: string) => `${table}:${id}:${keyId}`;
/** What a field's ciphertext is bound to: the row and the answer's place in it. */
const fieldContext = (table: SealedTable | SecretTable, id: RowId, path: string) => `field:${table}:${id}:${path}`;

interface DataKey {
  kekVersion: number;
  keyId: string;
  sealed: Buffer;
}

export function parseDataKey(column: string): DataKey {
  const [format, version, keyId, body] = column.split('.');
  if (format !== DATA_KEY_FORMAT || !version || !keyId || !body || !/^\d+$/.test(version)) {
    throw new Error('Not a sealed data key');
  }
  return { kekVersion: Number(version), keyId, sealed: Buffer.from(body, 'base64url') };
}

const formatDataKey = (key: DataKey) =>
  `${DATA_KEY_FORMAT}.${key.kekVersion}.${key.keyId}.${key.sealed.toString('base64url')}`;

export const tinDigits = (tin: string) => tin.replace(/\D/g, '');

/**
 * Envelope encryption of the protected answers (ADR 080): each row has its own data key
 * (AES-256-GCM), sealed by the key-encryption key; each answer is sealed with the row's key and
 * bound to its row and place, so a value copied to another row or field does not open.
 */
export function createFieldCipher(kek: KeyEncryptionKey) {
  const openKey = async (table: SealedTable | SecretTable, id: RowId, column: string) => {
    const key = parseDataKey(column);
    return { ...key, plain: await kek.unwrap(key.kekVersion, key.sealed, keyContext(table, id, key.keyId)) };
  };

  const hmacUnder = async (version: number, tin: string) =>
    `h${version}.${createHmac('sha256', await kek.macKey(version))
      .update(tinDigits(tin))
      .digest('hex')}`;

  return {
    kek,

    /** Seals the protected answers of a row with a new data key of its own. */
    async seal<T>(table: SealedTable, id: number, answers: T): Promise<SealedAnswers<T>> {
      const plain = randomBytes(32);
      const keyId = randomBytes(6).toString('hex');
      const wrapped = await kek.wrap(plain, keyContext(table, id, keyId));
      const tin = protectedFieldsOf(answers).find((field) => field.kind === 'tin');
      return {
        answers: mapProtectedFields(
          answers,
          (field) =>
            `${FIELD_FORMAT}.${keyId}.${seal(plain, Buffer.from(field.value, 'utf8'), fieldContext(table, id, field.path)).toString('base64url')}`,
        ),
        dataKey: formatDataKey({ kekVersion: wrapped.version, keyId, sealed: wrapped.sealed }),
        tinHmac: tin ? await hmacUnder(wrapped.version, tin.value) : null,
      };
    },

    /**
     * The row's answers in clear. A row without a data key was written before encryption and
     * holds them in clear already (until the start-up pass seals it). Throws when a value was
     * changed, moved from another row or field, or its key is not in the keyring.
     */
    async open<T>(table: SealedTable, id: number, answers: T, dataKey: string | null): Promise<T> {
      if (dataKey === null) return answers;
      const fields = protectedFieldsOf(answers);
      if (fields.length === 0) return answers;
      const key = await openKey(table, id, dataKey);
      return mapProtectedFields(answers, (field) => {
        const [format, keyId, body] = field.value.split('.');
        if (format !== FIELD_FORMAT || keyId !== key.keyId || !body) {
          throw new Error(`The answer ${field.path} of ${table} ${id} is not sealed with its row's data key`);
        }
        return open(key.plain, Buffer.from(body, 'base64url'), fieldContext(table, id, field.path)).toString('utf8');
      });
    },

    /** Whether the row's data key is sealed under an older KEK version than the current one. */
    isStale(dataKey: string): boolean {
      return parseDataKey(dataKey).kekVersion !== kek.currentVersion;
    },

    /**
     * One secret of a row (an authenticator key), sealed as an answer is: with a new data key of
     * the row's own, bound to the table, the row and `path`; `dataKey` goes in the row's
     * `data_key` column, so a rotation re-wraps it like any other.
     */
    async sealSecret(table: SecretTable, id: string, path: string, value: string) {
      const plain = randomBytes(32);
      const keyId = randomBytes(6).toString('hex');
      const wrapped = await kek.wrap(plain, keyContext(table, id, keyId));
      return {
        sealed: `${FIELD_FORMAT}.${keyId}.${seal(plain, Buffer.from(value, 'utf8'), fieldContext(table, id, path)).toString('base64url')}`,
        dataKey: formatDataKey({ kekVersion: wrapped.version, keyId, sealed: wrapped.sealed }),
      };
    },

    /** The secret `sealSecret` sealed; throws when it was changed, moved, or its key is unknown. */
    async openSecret(table: SecretTable, id: string, path: string, sealed: string, dataKey: string): Promise<string> {
      const key = await openKey(table, id, dataKey);
      const [format, keyId, body] = sealed.split('.');
      if (format !== FIELD_FORMAT || keyId !== key.keyId || !body) {
        throw new Error(`The ${path} of ${table} ${id} is not sealed with its row's data key`);
      }
      return open(key.plain, Buffer.from(body, 'base64url'), fieldContext(table, id, path)).toString('utf8');
    },

    /** The same data key sealed under the current KEK version: the answers are not touched. */
    async rewrap(table: SealedTable | SecretTable, id: RowId, dataKey: string): Promise<string> {
      const key = await openKey(table, id, dataKey);
      const wrapped = await kek.wrap(key.plain, keyContext(table, id, key.keyId));
      return formatDataKey({ kekVersion: wrapped.version, keyId: key.keyId, sealed: wrapped.sealed });
    },

    /** The keyed hash of a taxpayer number under the current KEK version. */
    tinHmac: (tin: string) => hmacUnder(kek.currentVersion, tin),

    /** Its keyed hash under every version in the keyring: what a match looks for during a rotation. */
    tinHmacs: (tin: string) => Promise.all(kek.versions.map((version) => hmacUnder(version, tin))),
  };
}
export type FieldCipher = ReturnType<typeof createFieldCipher>;
