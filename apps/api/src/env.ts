import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, found from this file whether it runs from src/ or bundled dist/. */
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(apiRoot, '../..');

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

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
  BENCH_DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/test'),
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
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number };
  programProfilePath: string;
  webDist: string;
  identity: IdentityConfig;
  session: { idleTimeoutSeconds: number; idleWarningSeconds: number };
  /** Seed the demo applicant, service worker and administrator (embedded default only). */
  demoAccounts: boolean;
  /** Show the outbox at /dev/mail to loopback callers (embedded default only). */
  devMailView: boolean;
  providerSearch: ProviderSearchConfig;
  /** The PostgreSQL server `npm run bench` measures on (a schema of its own, dropped after). */
  benchDatabaseUrl: string;
}

export interface ProviderSearchConfig {
  /** Leaflet tile URL template; null shows the map without tiles. */
  tileUrl: string | null;
  tileAttribution: string;
  geocoder: { kind: 'offline' } | { kind: 'census' | 'nominatim'; url: string };
  /** Providers in the generated demonstration directory loaded on first start; 0 for none. */
  demoDirectorySize: number;
}

export type IdentityConfig =
  | { kind: 'built-in'; issuer: string; clientId: string; audience: string; scope: string; clientOrigins: string[] }
  | { kind: 'external'; issuer: string; clientId: string; audience: string; scope: string };

const VITE_DEV_ORIGIN = 'http://localhost:5173';

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
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: path.join(path.resolve(env.DATA_DIR), 'pglite') },
    programProfilePath: path.resolve(env.PROGRAM_PROFILE),
    webDist: path.resolve(env.WEB_DIST),
    identity,
    session: { idleTimeoutSeconds: env.IDLE_TIMEOUT_SECONDS, idleWarningSeconds: env.IDLE_WARNING_SECONDS },
    // Demo accounts and the mail view never exist where real people's data may live.
    demoAccounts: embedded && (env.DEMO_ACCOUNTS ?? true),
    devMailView: embedded && (env.DEV_MAIL_VIEW ?? true),
    benchDatabaseUrl: env.BENCH_DATABASE_URL,
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
