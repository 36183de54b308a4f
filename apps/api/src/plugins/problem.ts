import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { documentProblemTypes, type FieldError, PROBLEM_CONTENT_TYPE, type Problem } from '@ccap/contracts';
import { localeIntlTags } from '@ccap/contracts/locale-tags';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { isDatabaseBusy, isDatabaseUnavailable, isOutOfSpace } from '../db/unavailable';
import { localeOfAcceptLanguage } from '../lib/request-locale';
import { putSecurityHeaders } from './security';

/**
 * An error a route throws on purpose: it becomes a problem+json answer with its status.
 * Messages here are shown to callers, so they never carry internals.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: {
      errors?: FieldError[];
      type?: string;
      headers?: Record<string, string>;
      retryAfterSeconds?: number;
      maxBytes?: number;
      allowedTypes?: string[];
      reason?: string;
    } = {},
  ) {
    super(message);
    this.name = 'HttpProblem';
  }
}

export const notFound = (what = 'The resource') => new HttpProblem(404, `${what} was not found.`);

const CONTEXT_LABEL: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'path parameters',
  headers: 'request headers',
};

type ProblemFields = Omit<Problem, 'type' | 'title'> & { type?: string; title?: string };

/**
 * The RFC 9457 document of a problem: `about:blank` and the status's own title unless given,
 * the caller's request id, and the path it asked for when there was one.
 */
function problemDocument(problem: ProblemFields, requestId: string, instance?: string): Problem {
  return {
    type: problem.type ?? 'about:blank',
    title: problem.title ?? STATUS_CODES[problem.status] ?? 'Error',
    status: problem.status,
    ...(problem.detail ? { detail: problem.detail } : {}),
    ...(instance === undefined ? {} : { instance }),
    requestId,
    ...(problem.errors ? { errors: problem.errors } : {}),
    ...(problem.retryAfterSeconds !== undefined ? { retryAfterSeconds: problem.retryAfterSeconds } : {}),
    ...(problem.maxBytes !== undefined ? { maxBytes: problem.maxBytes } : {}),
    ...(problem.allowedTypes ? { allowedTypes: problem.allowedTypes } : {}),
    ...(problem.reason ? { reason: problem.reason } : {}),
  };
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: ProblemFields) {
  const body = problemDocument(problem, request.id, request.url.split('?')[0]);
  return reply.code(problem.status).type(PROBLEM_CONTENT_TYPE).send(body);
}

/**
 * Problem details translated under `problemDetails` in the portal's translations, by their
 * English text. A detail not listed here stays in English; the title always does (clients
 * branch on the type and title, people read the detail).
 */
const translatedDetails: Record<string, string> = {
  'Email or password is incorrect.': 'invalidCredentials',
  'This sign-in attempt has expired. Please start again.': 'interactionExpired',
  'This link is not valid any more. Sign in to get a new one.': 'invalidLink',
  'This reset link is not valid any more. Ask for a new one.': 'invalidResetLink',
  'Please confirm your email first: we sent you a new link.': 'confirmEmailFirst',
  'This password is too common. Choose a longer phrase that others are unlikely to use.': 'weakPassword',
};

/** The detail in the language of the request's Accept-Language, and that language. */
async function detailFor(request: FastifyRequest, detail: string): Promise<{ detail: string; lang: string }> {
  const key = Object.hasOwn(translatedDetails, detail) ? translatedDetails[detail] : undefined;
  const lang = localeOfAcceptLanguage(request.headers['accept-language']);
  const texts = (request.server as { texts?: FastifyInstance['texts'] }).texts;
  if (!key || lang === 'en' || !texts) return { detail, lang: 'en' };
  const labels = await texts.labels(lang);
  return { detail: labels.t(`problemDetails.${key}`), lang };
}

function isFastifyError(error: unknown): error is FastifyError {
  return typeof error === 'object' && error !== null && ('statusCode' in error || error instanceof Error);
}

/** Seconds a caller waits before trying again when the database gave up on a statement (isDatabaseBusy). */
const DATABASE_BUSY_RETRY_SECONDS = 2;

/** Every error leaves the API as RFC 9457 problem+json: 4xx with a clear detail, 5xx with none. */
export const problemPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'is invalid',
      }));
      return sendProblem(request, reply, {
        status: 400,
        type: 'urn:ccap:problem:validation',
        title: 'Invalid request',
        detail: `The ${CONTEXT_LABEL[context] ?? context} is invalid: ${errors
          .map((e) => (e.path ? `${e.path}: ${e.message}` : e.message))
          .join('; ')}`,
        errors,
      });
    }
    if (error instanceof HttpProblem) {
      if (error.extra.headers) void reply.headers(error.extra.headers);
      const problem = error;
      return detailFor(request, problem.message).then(({ detail, lang }) =>
        sendProblem(request, reply.header('content-language', localeIntlTags[lang as keyof typeof localeIntlTags]), {
          status: problem.status,
          detail,
          ...(problem.extra.type ? { type: problem.extra.type } : {}),
          ...(problem.extra.errors ? { errors: problem.extra.errors } : {}),
          ...(problem.extra.retryAfterSeconds !== undefined
            ? { retryAfterSeconds: problem.extra.retryAfterSeconds }
            : {}),
          ...(problem.extra.maxBytes !== undefined ? { maxBytes: problem.extra.maxBytes } : {}),
          ...(problem.extra.allowedTypes ? { allowedTypes: problem.extra.allowedTypes } : {}),
          ...(problem.extra.reason ? { reason: problem.extra.reason } : {}),
        }),
      );
    }
    const status = isFastifyError(error) ? (error.statusCode ?? 500) : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong media type, body too large) carry
      // messages written for callers.
      return sendProblem(request, reply, { status, detail: (error as { message?: string }).message ?? 'Bad request' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      void reply.header('retry-after', '5');
      return sendProblem(request, reply, {
        status: 503,
        type: 'urn:ccap:problem:database-unavailable',
        detail: 'The service cannot reach its database right now. Nothing was changed; please try again in a moment.',
        retryAfterSeconds: 5,
      });
    }
    if (isDatabaseBusy(error)) {
      // A deadlock, a serialization failure or a lock or statement timeout: the database rolled
      // the transaction back. Transient, so the caller is told to try again, not that we failed.
      request.log.warn({ err: error }, 'database busy: statement aborted');
      void reply.header('retry-after', String(DATABASE_BUSY_RETRY_SECONDS));
      return sendProblem(request, reply, {
        status: 503,
        type: 'urn:ccap:problem:database-busy',
        detail: 'The service is busy; try again in a moment.',
        retryAfterSeconds: DATABASE_BUSY_RETRY_SECONDS,
      });
    }
    if (isOutOfSpace(error)) {
      request.log.error({ err: error }, 'document storage is full');
      return sendProblem(request, reply, {
        status: 507,
        type: documentProblemTypes.storageFull,
        detail: 'The file could not be stored: document storage is full. Nothing was saved; please try again later.',
      });
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(request, reply, {
      status: status >= 500 && status < 600 ? status : 500,
      detail: 'Something went wrong on our side. Please try again; if it keeps happening, quote the request id.',
    });
  });
});

/** The not-found answer for API paths: problem+json, never the web app. */
export function sendNotFoundProblem(request: FastifyRequest, reply: FastifyReply) {
  return sendProblem(request, reply, {
    status: 404,
    detail: `No API route matches ${request.method} ${request.url.split('?')[0]}.`,
  });
}

/** Seconds a caller waits before trying again when this instance is stopping (another takes over). */
export const CLOSING_RETRY_SECONDS = 5;

/**
 * The answer to a request that arrives while the server drains for a stop (SIGTERM), on a
 * connection still open: turned away at once for the load balancer to send elsewhere, as
 * Fastify's `return503OnClosing` does, but as problem+json with the security headers and the
 * request id like every other answer. Called from the first onRequest hook, before the security
 * plugin's: the headers are put on here.
 */
export function sendClosingProblem(request: FastifyRequest, reply: FastifyReply) {
  putSecurityHeaders(reply.raw, request.server.securityHeaders);
  void reply.header('connection', 'close').header('retry-after', String(CLOSING_RETRY_SECONDS));
  // Plain JSON, not the route's serializer: a route may describe a 503 of its own (the health
  // check's), which this answer is not.
  reply.serializer((payload: unknown) => JSON.stringify(payload));
  return sendProblem(request, reply, {
    status: 503,
    type: 'urn:ccap:problem:closing',
    detail: 'The service is restarting. Nothing was changed; please try again in a moment.',
    retryAfterSeconds: CLOSING_RETRY_SECONDS,
  });
}

/**
 * Node's own answers to what it cannot read as HTTP (Fastify's `clientErrorHandler`): a
 * malformed request 400, headers over the limit 431, a request too slow to arrive 408. Fastify's
 * default writes `{"error":…}` JSON with no other header; this writes problem+json with the
 * security headers and a request id, logged with it, as every other answer. No route, hook or
 * reply exists yet: the answer goes straight to the socket, which is then closed.
 */
export function answerClientError(app: FastifyInstance, error: ConnectionError, socket: Socket) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const detail = {
    400: 'The request could not be read as HTTP.',
    408: 'The request took too long to arrive.',
    431: 'The request headers are too large.',
  }[status];
  const requestId = randomUUID();
  app.log.info(
    { reqId: requestId, res: { statusCode: status }, code: error.code },
    'request refused by the HTTP parser',
  );
  if (!socket.writable) return void socket.destroy(error);
  // No request line was read: the document has no `instance`.
  const body = JSON.stringify(problemDocument({ status, detail }, requestId));
  const headers = [
    ...app.securityHeaders,
    ['x-request-id', requestId],
    ['content-type', PROBLEM_CONTENT_TYPE],
    ['content-length', String(Buffer.byteLength(body))],
    ['connection', 'close'],
  ];
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`,
  );
  // As Node's and Fastify's own handlers: the rest of what the client sends is not read.
  socket.destroy(error);
}
