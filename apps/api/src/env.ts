import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { type Keyring, parseKey } from './crypto/key-encryption-key';

/** The repository root, found from this file whether it runs from src/ or bundled dist/. */
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiRoot, '../..');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

/** clamd's address: `tcp://host:port`, or `unix:///path/to/clamd.ctl` on the same machine. */
const CLAMD_URL_HINT = 'must be tcp://host:port or unix:///path/to/socket';
const isClamdUrl = (value: string) => {
  // zod runs this refinement even when the string is no URL at all.
  const url = URL.parse(value);
  if (url?.protocol === 'unix:') return !url.host && url.pathname.length > 1;
  return url?.protocol === 'tcp:' && url.hostname !== '' && url.port !== '' && ['', '/'].includes(url.pathname);
};
const clamdUrl = z.preprocess(emptyAsUndefined, z.url().refine(isClamdUrl, CLAMD_URL_HINT).optional());

const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
/** S3's own rule for bucket names (which MinIO, Ceph and R2 follow too), without the dotted-IP case. */
const S3_BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** The folder under which the portal's objects live: segments as in a blob key, slashes trimmed. */
const S3_PREFIX = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const trimSlashes = (value: unknown) => (typeof value === 'string' ? value.replace(/^\/+|\/+$/g, '') : value);

export const BUILT_IN_ISSUER_KEY = 'urn:ccap:built-in-idp';
export const BUILT_IN_CLIENT_ID = 'ccap-web';
export const BUILT_IN_AUDIENCE = 'urn:ccap:api';
/** The scopes of spec section 4: what the web app asks for, and what the built-in provider grants. */
export const SPEC_SCOPES = 'openid profile email';
const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const GEOCODER_URLS = { census: 'https://geocoding.geo.census.gov', nominatim: 'https://nominatim.openstreetmap.org' };

/**
 * Every setting the API reads, in one place. Nothing else in the code base reads
 * process.env; everything is handed a `Config`.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('localhost'),
  PUBLIC_URL: optionalUrl,
  TRUST_PROXY: z.stringbool().default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: optionalUrl,
  MIGRATION_DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PROGRAM_PROFILE: z.string().default(path.join(apiRoot, 'profiles', 'default.json')),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps', 'web', 'dist')),
  OIDC_ISSUER: optionalUrl,
  OIDC_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  OIDC_AUDIENCE: z.preprocess(emptyAsUndefined, z.string().optional()),
  OIDC_SCOPE: z.string().default(SPEC_SCOPES),
  IDP_CLIENT_ORIGINS: z.preprocess(emptyAsUndefined, z.string().optional()),
  IDLE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(15 * 60),
  IDLE_WARNING_SECONDS: z.coerce.number().int().min(10).default(60),
  DEMO_ACCOUNTS: z.preprocess(emptyAsUndefined, z.stringbool().optional()),
  DEV_MAIL_VIEW: z.preprocess(emptyAsUndefined, z.stringbool().optional()),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024 ** 3)
    .default(15 * 1024 * 1024),
  BLOB_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  BLOB_STORE: z.enum(['filesystem', 's3']).default('filesystem'),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().regex(S3_BUCKET_NAME, 'must be a valid bucket name').optional()),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().default('us-east-1')),
  S3_ENDPOINT: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  S3_PREFIX: z.preprocess(
    (value) => emptyAsUndefined(trimSlashes(value)),
    z.string().max(200).regex(S3_PREFIX, 'must be slash-separated letters, digits, dot, dash, underscore').optional(),
  ),
  S3_SSE: z.preprocess(emptyAsUndefined, z.enum(['AES256', 'aws:kms']).optional()),
  S3_SSE_KMS_KEY_ID: optionalString,
  // Read here (the SDK would read them itself) so that the configuration names every input;
  // unset, the SDK's default chain applies: shared profile, web identity, container or instance role.
  AWS_ACCESS_KEY_ID: optionalString,
  AWS_SECRET_ACCESS_KEY: optionalString,
  AWS_SESSION_TOKEN: optionalString,
  CLAMD_URL: clamdUrl,
  // Empty or "none": no map tiles (markers and the list still work).
  TILE_URL: z
    .string()
    .default(OSM_TILES)
    .refine((value) => ['', 'none'].includes(value) || /^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/.test(value), {
      message: 'must be an http(s) URL template with {z}, {x} and {y}, or empty for no tiles',
    }),
  TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  GEOCODER: z.enum(['offline', 'census', 'nominatim']).default('offline'),
  GEOCODER_URL: optionalUrl,
  DEMO_DIRECTORY: z.preprocess(emptyAsUndefined, z.stringbool().optional()),
  DEMO_DIRECTORY_SIZE: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: optionalString,
  /** The key-encryption key of the protected answers (ADR 080): base64 of 32 bytes. */
  DATA_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  DATA_KEY_VERSION: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** Earlier keys still needed to open what they sealed: "1:base64,2:base64". */
  DATA_KEY_PREVIOUS: z.preprocess(emptyAsUndefined, z.string().optional()),
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  BENCH_DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/test'),
  // Requests per minute from one client address (see docs/decisions/037-hostile-input-rate-limits-security-posture.md).
  /** Moves the program's clock by whole days (ADR 106): outside production only, for the browser tests. */
  EXPORT_MAX_ROWS: z.coerce.number().int().min(1).max(10_000_000).default(200_000),
  CLOCK_OFFSET_DAYS: z.coerce.number().int().min(-36500).max(36500).default(0),
  RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_REGISTER: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_RESET: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_SEARCH: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_INTEGRATION: z.coerce.number().int().min(1).default(120),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  trustProxy: boolean;
  logLevel: Env['LOG_LEVEL'];
  dataDir: string;
  database:
    | { kind: 'pglite'; dataDir: string }
    | {
        kind: 'postgres';
        /** What the portal serves with: the runtime role's own login, or the owner's (see migrationUrl). */
        url: string;
        poolSize: number;
        /**
         * The owner's login, for migrations and grants (ADR 082). Unset: `url` is the owner's, and
         * each connection the portal serves with takes the runtime role `ccap_runtime` instead.
         */
        migrationUrl?: string;
      };
  programProfilePath: string;
  webDist: string;
  identity: IdentityConfig;
  session: { idleTimeoutSeconds: number; idleWarningSeconds: number };
  /** Seed the demo applicant, service worker and administrator (embedded default only). */
  demoAccounts: boolean;
  /** Show the outbox at /dev/mail to loopback callers (embedded default only). */
  devMailView: boolean;
  documents: DocumentsConfig;
  providerSearch: ProviderSearchConfig;
  mail: MailConfig;
  /** The PostgreSQL server `npm run bench` measures on (a schema of its own, dropped after). */
  benchDatabaseUrl: string;
  rateLimits: RateLimitConfig;
  /** The key-encryption keys of the protected answers (ADR 080): configured, or the data folder's file. */
  dataKeys: DataKeysConfig;
  /** GET /metrics: a bearer token for remote scrapers; without one, loopback callers only. */
  metrics: { token: string | undefined };
  /** Whole days the program's clock runs ahead of the machine's (ADR 106); always 0 in production. */
  clockOffsetDays: number;
  /** The most rows an export of the staff queue may hold (ADR 110); more is refused before it starts. */
  exportMaxRows: number;
}

/** Requests per minute per client address; counted in Redis when `redisUrl` is set, else in memory. */
export interface RateLimitConfig {
  signIn: number;
  register: number;
  passwordReset: number;
  search: number;
  /** Calls a minute with one integration API key (ADR 112), whatever address they come from. */
  integration: number;
  redisUrl?: string;
}

export interface MailConfig {
  /** The SMTP server the outbox is delivered through; none keeps mails in the outbox. */
  smtpUrl: string | undefined;
  /** The sender of every mail. */
  from: string;
  /** The Message-IDs' domain: the portal's host name. */
  domain: string;
}

export interface ProviderSearchConfig {
  /** Leaflet tile URL template; null shows the map without tiles. */
  tileUrl: string | null;
  tileAttribution: string;
  geocoder: { kind: 'offline' } | { kind: 'census' | 'nominatim'; url: string };
  /** Providers in the generated demonstration directory loaded on first start; 0 for none. */
  demoDirectorySize: number;
}

export type BlobStoreConfig = { kind: 'filesystem' } | S3BlobStoreConfig;

export interface S3BlobStoreConfig {
  kind: 's3';
  bucket: string;
  region: string;
  /** Any S3-compatible service (MinIO, Ceph, R2...); unset means AWS S3 itself. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Prepended to every key: empty, or segments ending with a slash (`portal/`). */
  prefix: string;
  /** Static keys; undefined leaves credentials to the SDK's default chain. */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
  serverSideEncryption: { algorithm: 'AES256' } | { algorithm: 'aws:kms'; kmsKeyId: string | undefined } | undefined;
}

export type ClamdTarget = { host: string; port: number } | { socketPath: string };

export interface DocumentsConfig {
  /** The largest file an applicant may upload, in bytes. */
  maxUploadBytes: number;
  /**
   * Where the filesystem blob store keeps document files. With S3, only files still being
   * received are kept here (its `.staging` folder).
   */
  blobDir: string;
  store: BlobStoreConfig;
  /** The ClamAV daemon that scans every upload; none means no scanning. */
  clamd: ClamdTarget | undefined;
}

function clamdTarget(url: string | undefined): ClamdTarget | undefined {
  if (!url) return undefined;
  const parsed = new URL(url);
  return parsed.protocol === 'unix:'
    ? { socketPath: decodeURIComponent(parsed.pathname) }
    : { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port: Number(parsed.port) };
}

function blobStoreConfig(env: Env): BlobStoreConfig {
  if (env.BLOB_STORE === 'filesystem') return { kind: 'filesystem' };
  const problems = [
    !env.S3_BUCKET && 'S3_BUCKET: required when BLOB_STORE is s3',
    !env.AWS_ACCESS_KEY_ID !== !env.AWS_SECRET_ACCESS_KEY &&
      'AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together or not at all',
    env.S3_SSE_KMS_KEY_ID && env.S3_SSE !== 'aws:kms' && 'S3_SSE_KMS_KEY_ID: only with S3_SSE=aws:kms',
  ].filter(Boolean);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    kind: 's3',
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX ? `${env.S3_PREFIX}/` : '',
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
    serverSideEncryption:
      env.S3_SSE === 'aws:kms'
        ? { algorithm: 'aws:kms', kmsKeyId: env.S3_SSE_KMS_KEY_ID }
        : env.S3_SSE === 'AES256'
          ? { algorithm: 'AES256' }
          : undefined,
  };
}

export type IdentityConfig =
  | { kind: 'built-in'; issuer: string; clientId: string; audience: string; scope: string; clientOrigins: string[] }
  | { kind: 'external'; issuer: string; clientId: string; audience: string; scope: string };

const VITE_DEV_ORIGIN = 'http://localhost:5173';

export type DataKeysConfig = { kind: 'configured'; keyring: Keyring } | { kind: 'file'; file: string };

/** The tests' fixed key-encryption key (NODE_ENV=test without DATA_KEY): never a secret. */
export const TEST_DATA_KEY = Buffer.alloc(32, 7).toString('base64');

const configuredKey = (text: string, name: string) => {
  try {
    return parseKey(text, name);
  } catch (error) {
    throw new ConfigError(`Invalid configuration:\n  ${(error as Error).message}`);
  }
};

function dataKeysConfig(env: Env, embedded: boolean, dataDir: string): DataKeysConfig {
  if (env.DATA_KEY) {
    const keys = new Map<number, Buffer>();
    for (const entry of env.DATA_KEY_PREVIOUS?.split(',') ?? []) {
      const match = /^\s*(\d+):(.+)$/.exec(entry);
      if (!match)
        throw new ConfigError(
          'Invalid configuration:\n  DATA_KEY_PREVIOUS: a list of version:base64-key, comma separated',
        );
      keys.set(Number(match[1]), configuredKey(match[2]!, 'DATA_KEY_PREVIOUS'));
    }
    if (keys.has(env.DATA_KEY_VERSION)) {
      throw new ConfigError(
        'Invalid configuration:\n  DATA_KEY_PREVIOUS: must not hold DATA_KEY_VERSION, the current key',
      );
    }
    keys.set(env.DATA_KEY_VERSION, configuredKey(env.DATA_KEY, 'DATA_KEY'));
    return { kind: 'configured', keyring: { current: env.DATA_KEY_VERSION, keys } };
  }
  if (env.NODE_ENV === 'test') {
    return { kind: 'configured', keyring: { current: 1, keys: new Map([[1, Buffer.from(TEST_DATA_KEY, 'base64')]]) } };
  }
  if (embedded) return { kind: 'file', file: path.join(dataDir, 'data-keys.json') };
  throw new ConfigError(
    'Invalid configuration:\n  DATA_KEY: required with DATABASE_URL, an external identity provider or a public address (openssl rand -base64 32)',
  );
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  if (env.OIDC_ISSUER && !env.OIDC_CLIENT_ID) {
    throw new ConfigError('Invalid configuration:\n  OIDC_CLIENT_ID: required when OIDC_ISSUER is set');
  }
  if (env.CLOCK_OFFSET_DAYS !== 0 && env.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  CLOCK_OFFSET_DAYS: not allowed in production (tests only)');
  }
  if (env.IDLE_WARNING_SECONDS >= env.IDLE_TIMEOUT_SECONDS) {
    throw new ConfigError('Invalid configuration:\n  IDLE_WARNING_SECONDS: must be shorter than IDLE_TIMEOUT_SECONDS');
  }
  const identity: IdentityConfig = env.OIDC_ISSUER
    ? {
        kind: 'external',
        issuer: env.OIDC_ISSUER.replace(/\/$/, ''),
        clientId: env.OIDC_CLIENT_ID!,
        audience: env.OIDC_AUDIENCE ?? env.OIDC_CLIENT_ID!,
        // Many providers issue refresh tokens only for offline_access: add it here for them.
        scope: env.OIDC_SCOPE,
      }
    : {
        kind: 'built-in',
        issuer: `${publicUrl}/idp`,
        clientId: BUILT_IN_CLIENT_ID,
        audience: BUILT_IN_AUDIENCE,
        scope: SPEC_SCOPES,
        clientOrigins: [
          ...new Set([
            new URL(publicUrl).origin,
            ...(env.NODE_ENV === 'development' ? [VITE_DEV_ORIGIN] : []),
            ...(env.IDP_CLIENT_ORIGINS?.split(',').map((origin) => new URL(origin.trim()).origin) ?? []),
          ]),
        ],
      };
  // Demo accounts and the mail view are for trying the product on this machine: never on a
  // database that may hold real people's data, an agency IdP, or a public address.
  const loopbackUrl = ['localhost', '127.0.0.1', '[::1]'].includes(new URL(publicUrl).hostname);
  const embedded = !env.DATABASE_URL && identity.kind === 'built-in' && loopbackUrl;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    dataDir: path.resolve(env.DATA_DIR),
    database: env.DATABASE_URL
      ? {
          kind: 'postgres',
          url: env.DATABASE_URL,
          poolSize: env.DATABASE_POOL_SIZE,
          ...(env.MIGRATION_DATABASE_URL ? { migrationUrl: env.MIGRATION_DATABASE_URL } : {}),
        }
      : { kind: 'pglite', dataDir: path.join(path.resolve(env.DATA_DIR), 'pglite') },
    programProfilePath: path.resolve(env.PROGRAM_PROFILE),
    webDist: path.resolve(env.WEB_DIST),
    identity,
    session: { idleTimeoutSeconds: env.IDLE_TIMEOUT_SECONDS, idleWarningSeconds: env.IDLE_WARNING_SECONDS },
    // Demo accounts and the mail view never exist where real people's data may live.
    demoAccounts: embedded && (env.DEMO_ACCOUNTS ?? true),
    devMailView: embedded && (env.DEV_MAIL_VIEW ?? true),
    documents: {
      maxUploadBytes: env.UPLOAD_MAX_BYTES,
      blobDir: path.resolve(env.BLOB_DIR ?? path.join(env.DATA_DIR, 'blobs')),
      store: blobStoreConfig(env),
      clamd: clamdTarget(env.CLAMD_URL),
    },
    benchDatabaseUrl: env.BENCH_DATABASE_URL,
    rateLimits: {
      signIn: env.RATE_LIMIT_SIGN_IN,
      register: env.RATE_LIMIT_REGISTER,
      passwordReset: env.RATE_LIMIT_RESET,
      search: env.RATE_LIMIT_SEARCH,
      integration: env.RATE_LIMIT_INTEGRATION,
      ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `no-reply@${new URL(publicUrl).hostname}`,
      domain: new URL(publicUrl).hostname,
    },
    metrics: { token: env.METRICS_TOKEN },
    clockOffsetDays: env.CLOCK_OFFSET_DAYS,
    exportMaxRows: env.EXPORT_MAX_ROWS,
    dataKeys: dataKeysConfig(env, embedded, path.resolve(env.DATA_DIR)),
    providerSearch: {
      tileUrl: ['', 'none'].includes(env.TILE_URL) ? null : env.TILE_URL,
      tileAttribution: env.TILE_ATTRIBUTION,
      geocoder:
        env.GEOCODER === 'offline'
          ? { kind: 'offline' }
          : { kind: env.GEOCODER, url: env.GEOCODER_URL ?? GEOCODER_URLS[env.GEOCODER] },
      // Made-up providers join a PostgreSQL directory (the agency's real one) only when asked.
      demoDirectorySize: (env.DEMO_DIRECTORY ?? !env.DATABASE_URL) ? env.DEMO_DIRECTORY_SIZE : 0,
    },
  };
}
