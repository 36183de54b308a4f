import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { documentProblemTypes, type FieldError, PROBLEM_CONTENT_TYPE, type Problem } from '@ccap/contracts';
import { localeIntlTags } from '@ccap/contracts/locale-tags';
import english from '@ccap/locales/en.json' with { type: 'json' };
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { isDatabaseBusy, isDatabaseUnavailable, isOutOfSpace } from '../db/unavailable';
import { labelsOver, type Labels, type TextValues } from '../features/application/pdf/labels';
import { localeOfAcceptLanguage } from '../lib/request-locale';
import { validationIssues } from './problem-validation';
import { putSecurityHeaders } from './security';

/** A key's name without its plural ending ("tooManyRequests_one" → "tooManyRequests"). */
type WithoutPlural<K extends string> = K extends `${infer Base}_${'one' | 'other'}` ? Base : K;
/**
 * The translation key of a problem's detail, under `problemDetails` in the portal's
 * translations: every detail the API writes is one of them, answered in the language of the
 * request's Accept-Language (the title stays English: clients branch on the type and title).
 */
export type ProblemDetailKey = WithoutPlural<keyof (typeof english)['problemDetails']>;

/** The English labels, for a problem's message (logs, tests) and for answers with no request. */
export const englishLabels: Labels = labelsOver('en', english, english);
const detailText = (labels: Labels, key: ProblemDetailKey, values?: TextValues) =>
  labels.t(`problemDetails.${key}`, values);

/**
 * An error a route throws on purpose: it becomes a problem+json answer with its status, its
 * detail the translation of `detail` (with `values` put in) in the caller's language. Its
 * message is the English detail. Details are shown to callers, so they never carry internals.
 */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly detail: ProblemDetailKey,
    readonly extra: {
      values?: TextValues;
      errors?: FieldError[];
      type?: string;
      headers?: Record<string, string>;
      retryAfterSeconds?: number;
      maxBytes?: number;
      allowedTypes?: string[];
      reason?: string;
    } = {},
  ) {
    super(detailText(englishLabels, detail, extra.values));
    this.name = 'HttpProblem';
  }
}

/** The 404 of a thing that is not there, or that the caller may not know is there. */
export const notFound = (detail: Extract<ProblemDetailKey, `notFound${string}`>) => new HttpProblem(404, detail);

type ProblemFields = Omit<Problem, 'type' | 'title'> & { type?: string; title?: string };
/** A problem answered to a request: its detail a translation key, put in the request's language. */
type RequestProblem = Omit<ProblemFields, 'detail'> & { detail: ProblemDetailKey; values?: TextValues };

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

/**
 * The labels of the request's Accept-Language (English when the app has no translations, as
 * before they are decorated, or when the language is English).
 */
async function labelsOf(request: FastifyRequest): Promise<Labels> {
  const lang = localeOfAcceptLanguage(request.headers['accept-language']);
  const texts = (request.server as { texts?: FastifyInstance['texts'] }).texts;
  if (lang === 'en' || !texts) return englishLabels;
  return texts.labels(lang).catch(() => englishLabels);
}

/** Writes the problem with its detail in the request's language, saying which (Content-Language). */
function sendWithLabels(request: FastifyRequest, reply: FastifyReply, labels: Labels, problem: RequestProblem) {
  const { values, ...fields } = problem;
  const body = problemDocument(
    { ...fields, detail: detailText(labels, problem.detail, values) },
    request.id,
    request.url.split('?')[0],
  );
  return reply
    .code(problem.status)
    .header('content-language', localeIntlTags[labels.lang])
    .type(PROBLEM_CONTENT_TYPE)
    .send(body);
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: RequestProblem) {
  return labelsOf(request).then((labels) => sendWithLabels(request, reply, labels, problem));
}

/** Fastify's own client errors (the body before any route reads it), by their codes. */
const FRAMEWORK_DETAILS: Record<string, ProblemDetailKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'requestTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupportedMediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'contentLengthMismatch',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'emptyBody',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalidJson',
};
const frameworkDetail = (error: unknown): ProblemDetailKey => {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && Object.hasOwn(FRAMEWORK_DETAILS, code)) return FRAMEWORK_DETAILS[code]!;
  // The JSON parser's own error: a SyntaxError Fastify gave the status 400.
  return error instanceof SyntaxError ? 'invalidJson' : 'clientError';
};

function isFastifyError(error: unknown): error is FastifyError {
  return typeof error === 'object' && error !== null && ('statusCode' in error || error instanceof Error);
}

/** The translation of each part of a request that fastify-type-provider-zod validates. */
const PART_LABEL: Record<string, ProblemDetailKey> = {
  body: 'partBody',
  querystring: 'partQuery',
  params: 'partParams',
  headers: 'partHeaders',
};

const CLIENT_ERROR_DETAILS = {
  400: 'unreadableRequest',
  408: 'requestTooSlow',
  431: 'headersTooLarge',
} as const satisfies Record<number, ProblemDetailKey>;

/** Seconds a caller waits before trying again when the database gave up on a statement (isDatabaseBusy). */
const DATABASE_BUSY_RETRY_SECONDS = 2;

/** Every error leaves the API as RFC 9457 problem+json: 4xx with a clear detail, 5xx with none. */
export const problemPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext ?? 'body';
      return labelsOf(request).then((labels) => {
        const errors = validationIssues(request, context, error.validation, labels);
        return sendWithLabels(request, reply, labels, {
          status: 400,
          type: 'urn:ccap:problem:validation',
          title: 'Invalid request',
          detail: 'requestInvalid',
          values: {
            part: (own) => own.t(`problemDetails.${PART_LABEL[context] ?? 'partBody'}`),
            issues: errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; '),
          },
          errors,
        });
      });
    }
    if (error instanceof HttpProblem) {
      if (error.extra.headers) void reply.headers(error.extra.headers);
      const { values, errors, type, retryAfterSeconds, maxBytes, allowedTypes, reason } = error.extra;
      return sendProblem(request, reply, {
        status: error.status,
        detail: error.detail,
        ...(values ? { values } : {}),
        ...(type ? { type } : {}),
        ...(errors ? { errors } : {}),
        ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
        ...(maxBytes !== undefined ? { maxBytes } : {}),
        ...(allowedTypes ? { allowedTypes } : {}),
        ...(reason ? { reason } : {}),
      });
    }
    const status = isFastifyError(error) ? (error.statusCode ?? 500) : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong media type, body too large), by their codes.
      return sendProblem(request, reply, { status, detail: frameworkDetail(error) });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      void reply.header('retry-after', '5');
      return sendProblem(request, reply, {
        status: 503,
        type: 'urn:ccap:problem:database-unavailable',
        detail: 'databaseUnavailable',
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
        detail: 'databaseBusy',
        retryAfterSeconds: DATABASE_BUSY_RETRY_SECONDS,
      });
    }
    if (isOutOfSpace(error)) {
      request.log.error({ err: error }, 'document storage is full');
      return sendProblem(request, reply, {
        status: 507,
        type: documentProblemTypes.storageFull,
        detail: 'storageFull',
      });
    }
    request.log.error({ err: error }, 'request failed');
    return sendProblem(request, reply, {
      status: status >= 500 && status < 600 ? status : 500,
      detail: 'serverError',
    });
  });
});

/** The not-found answer for API paths: problem+json, never the web app. */
export function sendNotFoundProblem(request: FastifyRequest, reply: FastifyReply) {
  return sendProblem(request, reply, {
    status: 404,
    detail: 'noRoute',
    values: { method: request.method, path: request.url.split('?')[0] ?? '' },
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
    detail: 'restarting',
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
  // No header was read, so no language asked for: the English detail.
  const detail = detailText(englishLabels, CLIENT_ERROR_DETAILS[status]);
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
