import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import type { PasswordWeakness } from '@ccap/contracts';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

// scrypt with N=2^15, r=8, p=1 (OWASP's recommended floor); the parameters are stored with
// each hash so they can be raised later without breaking existing accounts.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;
const MAX_MEMORY = 64 * 1024 * 1024;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...PARAMS, maxmem: MAX_MEMORY });
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !expected) return false;
  const expectedKey = Buffer.from(expected, 'base64url');
  const key = await scrypt(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expectedKey.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return timingSafeEqual(key, expectedKey);
}

/** Checked when no account matches, so a wrong email takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

const common = new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));

/**
 * True when the password is one attackers try first: on the list of the ~50,000 most common
 * passwords, the same with digits or symbols stripped from its ends, or a single repeated
 * character (NIST SP 800-63B 5.1.1.2).
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (common.has(lower)) return true;
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  if (core.length > 0 && common.has(core) && core.length >= lower.length / 2) return true;
  return /^(.)\1+$/.test(password);
}

/**
 * The strength estimator (zxcvbn-ts, ADR 086): the common-password lists, English words and
 * names, keyboard layouts, sequences, repeats and dates. Built on first use (its dictionaries
 * take a moment), on the API only: the web app never loads them.
 */
let estimator: ZxcvbnFactory | undefined;
const estimate = (password: string, userInputs: string[]) => {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...dictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
  });
  return estimator.check(password, userInputs);
};

/** zxcvbn's score a new password must reach: 3, "safely unguessable" (about 10^8 guesses). */
export const MIN_PASSWORD_SCORE = 3;

const PATTERN_WARNINGS = new Set([
  'straightRow',
  'keyPattern',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'recentYears',
  'dates',
]);

/**
 * Why a NEW password is refused, or undefined when it is good enough: on the known-bad list,
 * built on the person's own name or address, a keyboard walk, sequence, repeat or date, or
 * otherwise guessable (a zxcvbn score below MIN_PASSWORD_SCORE). Only new passwords are
 * checked (registration, reset); signing in with an old one is never refused for it.
 */
export function passwordWeakness(password: string, userInputs: string[] = []): PasswordWeakness | undefined {
  if (isCommonPassword(password)) return 'common';
  const inputs = userInputs
    .flatMap((input) => input.toLowerCase().split(/[^\p{L}\p{N}]+/u))
    .filter((part) => part.length >= 3);
  // Mostly the person's own name or address: guessable by anyone who knows them.
  const letters = password.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const rest = inputs.reduce((left, part) => left.replaceAll(part, ''), letters);
  if (letters.length > 0 && rest.length <= letters.length / 2) return 'personal';
  const result = estimate(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const warning = result.feedback.warning ?? '';
  if (result.sequence.some((match) => 'dictionaryName' in match && match.dictionaryName === 'userInputs'))
    return 'personal';
  if (PATTERN_WARNINGS.has(warning)) return 'pattern';
  if (['commonPasswords', 'topTen', 'topHundred', 'similarToCommon'].includes(warning)) return 'common';
  return 'guessable';
}
