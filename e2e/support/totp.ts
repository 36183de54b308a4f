import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The bytes of a base32 key (spaces ignored), as an authenticator app reads the setup key. */
function base32Bytes(key: string): Buffer {
  let bits = '';
  for (const char of key.replace(/\s/g, '').toUpperCase().replace(/=+$/, '')) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not a base32 key: ${key}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/**
 * The 6-digit code an authenticator app shows for `key` at `time` (RFC 6238: HMAC-SHA-1 over
 * 30-second steps), computed here on its own, as the person's phone would.
 */
export function totpCode(key: string, time = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / 30)));
  const hmac = createHmac('sha1', base32Bytes(key)).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}
