import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Throttling of failed sign-ins by account and client together (ADR 095, OWASP's "device
 * cookies"): a browser that signed in to an account carries a signed cookie bound to it, and its
 * failures count for that device alone; every other client counts per address and, all
 * together, in one pool per account. Each failure past a client's free ones doubles the wait
 * before its next attempt is taken, up to a cap: never a lock, and never one the owner's own
 * device shares with an attacker's.
 */

/** Failures a device or an address may make before it waits. */
export const CLIENT_FREE_FAILURES = 4;
/** Failures all clients without the account's device cookie may make together before they wait. */
export const POOL_FREE_FAILURES = 9;
const FIRST_DELAY_SECONDS = 60;
export const MAX_DELAY_SECONDS = 15 * 60;
/** A count whose last failure is older than this starts again. */
export const FAILURE_MEMORY_MS = 24 * 60 * 60 * 1000;

export type ThrottleClient = `device:${string}` | `ip:${string}` | 'pool';

/** The wait after `failures` failures of a client that may make `free` of them without one. */
export function delaySecondsAfter(failures: number, free: number): number {
  if (failures <= free) return 0;
  return Math.min(FIRST_DELAY_SECONDS * 2 ** (failures - free - 1), MAX_DELAY_SECONDS);
}

export const freeFailuresOf = (client: ThrottleClient) =>
  client === 'pool' ? POOL_FREE_FAILURES : CLIENT_FREE_FAILURES;

/**
 * Seconds a client must still wait, given its count and last failure; 0 when it may try.
 * A count forgotten (older than FAILURE_MEMORY_MS) waits for nothing.
 */
export function waitSeconds(
  row: { client: ThrottleClient; failed_count: number; last_failed_at: Date },
  now: Date,
): number {
  const since = now.getTime() - row.last_failed_at.getTime();
  if (since >= FAILURE_MEMORY_MS) return 0;
  const delayMs = delaySecondsAfter(row.failed_count, freeFailuresOf(row.client)) * 1000;
  return Math.max(0, Math.ceil((delayMs - since) / 1000));
}

export const DEVICE_COOKIE = 'ccap_device';
const DEVICE_COOKIE_DAYS = 180;

export interface Device {
  accountId: string;
  deviceId: string;
}

/** The device cookie's value: the account, a random device id, and an HMAC over both. */
export function createDeviceCookies(secret: string, options: { secure: boolean }) {
  const sign = (accountId: string, deviceId: string) =>
    createHmac('sha256', secret).update(`device.${accountId}.${deviceId}`).digest('base64url');

  return {
    /** The device a request's cookie names, when its signature holds; undefined otherwise. */
    read(cookieHeader: string | undefined): Device | undefined {
      const value = cookieHeader
        ?.split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
        ?.slice(DEVICE_COOKIE.length + 1);
      const [accountId, deviceId, signature, ...rest] = (value ?? '').split('.');
      if (!accountId || !deviceId || !signature || rest.length > 0) return undefined;
      const expected = Buffer.from(sign(accountId, deviceId));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return { accountId, deviceId };
    },

    /** A Set-Cookie line for the account: the same device id when it had one, else a new one. */
    issue(accountId: string, device: Device | undefined): string {
      const deviceId = device?.accountId === accountId ? device.deviceId : randomBytes(16).toString('base64url');
      const attributes = [
        `${DEVICE_COOKIE}=${accountId}.${deviceId}.${sign(accountId, deviceId)}`,
        'Path=/idp/interaction',
        `Max-Age=${DEVICE_COOKIE_DAYS * 24 * 60 * 60}`,
        'HttpOnly',
        'SameSite=Strict',
        ...(options.secure ? ['Secure'] : []),
      ];
      return attributes.join('; ');
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
