import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import { applyApplicationRules, countDaysIn, type ProgramProfile } from '@ccap/contracts';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/database';
import type { Config } from './env';
import { adminRoutes } from './features/admin/admin.routes';
import { announcementsRoutes } from './features/announcements/announcements.routes';
import { credentialsRoutes } from './features/credentials/credentials.routes';
import { applicationPdfRoutes } from './features/application/pdf/application-pdf.routes';
import { createLocaleSource, type LocaleSource } from './features/application/pdf/labels';
import { applicationsRoutes } from './features/application/applications.routes';
import { auditRoutes } from './features/audit/audit.routes';
import { dashboardRoutes } from './features/application/dashboard.routes';
import { readLogRoutes } from './features/application/read-log.routes';
import { documentsRoutes } from './features/documents/documents.routes';
import { createClamdScanner } from './features/documents/virus-scanner';
import { healthRoutes } from './features/health/health.routes';
import { apiKeysRoutes } from './features/integration/api-keys.routes';
import { integrationRoutes } from './features/integration/integration.routes';
import { metricsPlugin } from './features/metrics/metrics.plugin';
import { accessPlugin } from './features/identity/access.plugin';
import { idpRoutes } from './features/identity/idp/idp.routes';
import { secondFactorRoutes } from './features/identity/idp/second-factor.routes';
import { createProvider } from './features/identity/idp/provider';
import { createTokenVerifier } from './features/identity/token-verifier';
import { usersRoutes } from './features/identity/users.routes';
import { devMailRoutes } from './features/mail/dev-mail.routes';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { programRoutes } from './features/program/program.routes';
import { availabilityRoutes } from './features/provider-record/availability.routes';
import { changeDocumentsRoutes } from './features/provider-record/change-documents.routes';
import { providerChangeRoutes } from './features/provider-record/provider-change.routes';
import { providerRecordRoutes } from './features/provider-record/provider-record.routes';
import { renewalRoutes } from './features/provider-record/renewal.routes';
import { providersRoutes } from './features/providers/providers.routes';
import { rfiRoutes } from './features/rfi/rfi.routes';
import { requiredDocumentsRoutes } from './features/staff/required-documents.routes';
import { bulkActionsRoutes } from './features/staff/bulk-actions.routes';
import { inputGuardPlugin } from './plugins/input-guard';
import { openApiPlugin } from './plugins/openapi';
import { answerClientError, problemPlugin, sendClosingProblem, sendProblem } from './plugins/problem';
import { rateLimitPlugin } from './plugins/rate-limits';
import { putSecurityHeaders, securityPlugin } from './plugins/security';
import { exportsRoutes } from './features/exports/exports.routes';
import { staffRoutes } from './features/staff/staff.routes';
import { webPlugin } from './plugins/web';
import { createRepositories, type Repositories, repositoryOptions } from './repositories';
import type { BlobStore } from './storage/blob-store';
import { createBlobStore } from './storage/create-blob-store';
import { createStorageHealth } from './storage/storage-health';
import { APP_VERSION } from './version';
import { type Clock, systemClock } from './lib/clock';

/** Who may call a route. Every API route declares one; a test fails the suite otherwise. */
export type RouteAccess = 'public' | 'authenticated' | 'staff' | 'administrator' | 'api-key';

declare module 'fastify' {
  interface FastifyInstance {
    repositories: Repositories;
    programProfile: ProgramProfile;
    databaseBackend: Database['backend'];
    /** Every route as registered, with its declared access rule: the test suite checks it. */
    routeTable: RouteEntry[];
    /** Where document files live. */
    blobs: BlobStore;
    /** The portal's translations, for texts the API writes (mails, problem details). */
    texts: LocaleSource;
    /** The program's now and today (ADR 106): what rules and jobs that count days read. */
    clock: Clock;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

export interface AppDependencies {
  config: Config;
  profile: ProgramProfile;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The document file store; by default the one the configuration names (`BLOB_STORE`). */
  blobs?: BlobStore;
  /** Where the configured logger writes (standard output by default); tests read it back. */
  logStream?: { write(line: string): void };
  /** The texts of PDFs, mails and notifications; by default the portal's translations. */
  locales?: LocaleSource;
  /** The program's clock (ADR 106); by default the machine's, moved by CLOCK_OFFSET_DAYS. */
  clock?: Clock;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
const SECRET_PARAMS = /([?&](?:token|xsrf|code|code_verifier|refresh_token|id_token_hint|state)=)[^&#]*/gi;

/** The URL for the log: every secret a parameter may carry replaced (most calls have none). */
export const redactQuery = (url: string) => (url.includes('=') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url);

/** The map tiles' origin for the CSP: a `{s}` subdomain template allows every subdomain. */
export const tileSources = (tileUrl: string | null) =>
  tileUrl ? [/^https?:\/\/[^/]+/.exec(tileUrl.replace('{s}', '*'))?.[0] ?? ''].filter(Boolean) : [];

/**
 * One log line per request, written when it is answered, with the request (method, redacted
 * URL, client) and the answer: Fastify's default writes a second, "incoming request", line
 * first, each a write to standard output. The request id is on every line, as before.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** The whole API as a Fastify instance that tests drive with inject() and server.ts listens with. */
export async function buildApp({
  config,
  profile,
  database,
  logger,
  blobs,
  logStream,
  locales,
  clock = systemClock(profile.timeZone, config.clockOffsetDays),
}: AppDependencies) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // No `redact`: what could carry a secret never reaches a line. `req` is written by the
      // serializer below (no headers at all, the query's secrets replaced) and `res` by Fastify's
      // (the status code only); redacting header paths those objects never have cost about 8 µs
      // a request (the redactor clones each object first). test/hostile/secrets-in-logs.test.ts
      // greps a whole account life's log for every secret.
      serializers: {
        // One-time links (password reset, email confirmation) and sign-out forms carry secrets
        // in the query string: the log keeps the path, never their values.
        req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
          method: request.method,
          url: redactQuery(request.url),
          hostname: request.hostname,
          remoteAddress: request.ip,
        }),
        // @fastify/multipart logs the options it gives busboy at `trace`, the request's headers
        // among them: the bearer token and the session cookies. Logged without them.
        busboyOptions: ({ headers: _headers, ...options }: { headers?: unknown }) => options,
      },
    },
    genReqId: (req) => {
      const offered = req.headers['x-request-id'];
      return typeof offered === 'string' && REQUEST_ID.test(offered) ? offered : randomUUID();
    },
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    // While draining for a stop, the first onRequest hook answers 503 problem+json (ADR 070).
    return503OnClosing: false,
    // What Node cannot read as HTTP (400, 431, 408): problem+json with the security headers.
    // Fastify calls it bound to the instance.
    clientErrorHandler(this: FastifyInstance, error, socket) {
      answerClientError(this, error, socket);
    },
    // Errors the router raises before any route or hook runs (a malformed percent-encoding, an
    // over-long path segment): problem+json like every other error, not Fastify's own JSON.
    frameworkErrors: (error, request, reply) => {
      // Answered before any hook runs: what the hooks put on every answer goes on here.
      putSecurityHeaders(reply.raw, request.server.securityHeaders);
      reply.raw.setHeader('x-request-id', request.id);
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void sendProblem(request, reply, {
        status: tooLong ? 414 : 400,
        detail: tooLong ? 'addressTooLong' : 'addressInvalid',
      });
    },
    forceCloseConnections: 'idle',
  }).withTypeProvider<ZodTypeProvider>();

  // Every body is checked against its route's zod schema, and every answer written through it
  // (ADR 056): only the declared fields leave, in the contract's shape.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const texts = locales ?? createLocaleSource();
  app.decorate(
    'repositories',
    createRepositories(database.db, {
      ...(await repositoryOptions(config, texts)),
      timeZone: profile.timeZone,
      clock,
      approvalMonths: profile.approvalMonths,
      credentials: profile.credentials,
    }),
  );
  app.decorate('clock', clock);
  // Rows written before the protected answers were sealed are sealed now, in short batches.
  await app.repositories.sealedAnswers.sealClearRows();
  // Authenticator secrets sealed under the server secret move under the key ring (ADR 097).
  await app.repositories.secondFactor.sealLegacySecrets();
  // Applications approved before provider records existed get theirs (ADR 100).
  await app.repositories.providerRecords.backfill();
  // Reference lists follow the code and the program profile's counties at every start.
  await app.repositories.lookups.sync(profile.counties);
  app.decorate('programProfile', profile);
  app.decorate('texts', texts);
  // The shared rules' "today" (ages, dates not in the future) is the program's day, as the web's.
  countDaysIn(profile.timeZone);
  // The program's limits and maximum rates, checked by the shared step rules as the web checks them.
  applyApplicationRules(profile.applicationRules);
  app.decorate('databaseBackend', database.backend);
  app.decorate('blobs', blobs ?? (await createBlobStore(config.documents)));
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, access: route.config?.access });
    }
  });
  // Draining for a stop (SIGTERM, app.close): a request arriving on a connection still open is
  // turned away at once by the hook below (sendClosingProblem); the requests in flight finish.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Hooks every call passes through take a callback rather than being async where they have
  // nothing to wait for: an async hook costs a promise (and its async-hook bookkeeping) a call.
  // The request id goes on the raw answer as it starts, so that every answer carries it, also
  // those that skip Fastify's reply (the OpenID Provider's).
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('x-request-id', request.id);
    if (closing) return void sendClosingProblem(request, reply);
    done();
  });

  await app.register(problemPlugin);
  await app.register(inputGuardPlugin);
  // Answers of 1 KB or more go out brotli- or gzip-compressed to a caller that accepts it
  // (ADR 056); the web app's files have compressed copies of their own (plugins/web.ts).
  // Request bodies are read as sent: nothing is decompressed.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(securityPlugin, {
    httpsOnly: config.publicUrl.startsWith('https:'),
    extraConnectSources: config.identity.kind === 'external' ? [new URL(config.identity.issuer).origin] : [],
    extraFormActions:
      config.identity.kind === 'built-in'
        ? config.identity.clientOrigins.filter((origin) => origin !== new URL(config.publicUrl).origin)
        : [],
    extraImageSources: tileSources(config.providerSearch.tileUrl),
  });
  await app.register(rateLimitPlugin, { redisUrl: config.rateLimits.redisUrl });
  await app.register(openApiPlugin, { productName: profile.productName.en, version: APP_VERSION });
  await app.register(accessPlugin, {
    verifier: createTokenVerifier(config.identity, {
      keys: app.repositories.signingKeys,
      grants: app.repositories.grants,
    }),
  });

  await app.register(metricsPlugin, { token: config.metrics.token, poolStats: database.poolStats });
  const storageHealth = createStorageHealth({
    stagingDir: app.blobs.stagingDir,
    minFreeBytes: config.documents.maxUploadBytes,
  });
  await app.register(healthRoutes, { version: APP_VERSION, storage: storageHealth });
  await app.register(programRoutes);
  await app.register(usersRoutes, { config });
  await app.register(adminRoutes);
  await app.register(announcementsRoutes);
  await app.register(devMailRoutes, { enabled: config.devMailView });
  await app.register(applicationsRoutes);
  await app.register(applicationPdfRoutes, { locales: texts });
  const uploads = {
    blobs: app.blobs,
    scanner: config.documents.clamd ? createClamdScanner(config.documents.clamd) : undefined,
    maxUploadBytes: config.documents.maxUploadBytes,
    storageHealth,
  };
  await app.register(documentsRoutes, uploads);
  await app.register(dashboardRoutes);
  await app.register(readLogRoutes);
  await app.register(providersRoutes, { config: config.providerSearch, searchPerMinute: config.rateLimits.search });
  await app.register(rfiRoutes, uploads);
  await app.register(staffRoutes);
  await app.register(exportsRoutes, { maxRows: config.exportMaxRows });
  await app.register(renewalRoutes);
  await app.register(providerRecordRoutes);
  await app.register(credentialsRoutes);
  await app.register(providerChangeRoutes);
  await app.register(changeDocumentsRoutes, uploads);
  await app.register(requiredDocumentsRoutes);
  await app.register(bulkActionsRoutes);
  await app.register(auditRoutes);
  await app.register(notificationsRoutes);
  await app.register(availabilityRoutes);
  await app.register(apiKeysRoutes);
  await app.register(integrationRoutes, { perMinute: config.rateLimits.integration });
  if (config.identity.kind === 'built-in') {
    const provider = await createProvider({
      issuer: config.identity.issuer,
      clientOrigins: config.identity.clientOrigins,
      trustProxy: config.trustProxy,
      db: database.db,
      accounts: app.repositories.accounts,
      keys: app.repositories.signingKeys,
    });
    await app.register(idpRoutes, { provider, publicUrl: config.publicUrl, limits: config.rateLimits });
    await app.register(secondFactorRoutes, { provider, signInLimit: config.rateLimits.signIn });
  }

  await app.register(webPlugin, { webDist: config.webDist, publicUrl: config.publicUrl });
  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
