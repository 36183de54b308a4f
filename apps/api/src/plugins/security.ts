import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Two years: browsers keep to https for this long after any answer (pages and JSON alike). */
const HSTS_SECONDS = 63_072_000;

export interface SecurityOptions {
  /** Origins besides our own that the browser may connect to (an external IdP, tiles). */
  extraConnectSources?: string[];
  extraImageSources?: string[];
  /** Origins a form may lead to: the built-in provider's sign-out redirects to its clients. */
  extraFormActions?: string[];
  httpsOnly: boolean;
}

/**
 * The headers helmet sets for these options, worked out once: with no per-request directive
 * (no nonce, no function) they are the same on every answer, so each request only copies them
 * (@fastify/helmet built helmet's whole middleware again on every request).
 */
export function securityHeaders(options: SecurityOptions): [string, string][] {
  const config: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(options.extraImageSources ?? [])],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...(options.extraConnectSources ?? [])],
        mediaSrc: ["'self'", 'blob:'],
        // Staff see an uploaded PDF in a frame, from a blob the page made of the fetched file
        // (the token cannot ride a frame's address). Nothing else is framed; 'self' is not
        // listed, and 'self' never matches a blob: address (default-src blocked the preview).
        frameSrc: ['blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(options.extraFormActions ?? [])],
        frameAncestors: ["'none'"],
        ...(options.httpsOnly ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: HSTS_SECONDS, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // What `frame-ancestors 'none'` says, for browsers that read only the older header: helmet's
    // SAMEORIGIN would let a page of this origin frame the portal where the CSP forbids it.
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  };
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => void headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => undefined,
  } as unknown as ServerResponse;
  let done = false;
  helmet(config)({} as IncomingMessage, recorder, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its options');
    done = true;
  });
  if (!done) throw new Error('helmet did not set its headers at once');
  headers.push([
    'permissions-policy',
    'camera=(self), geolocation=(self), microphone=(), payment=(), usb=(), interest-cohort=()',
  ]);
  return headers;
}

/**
 * The headers of the API's JSON answers (OWASP's REST Security Cheat Sheet). Nothing in a JSON
 * answer is rendered or runs: the policies that govern what a page may load, run, open or use
 * (the page set above) have nothing to act on, so a JSON answer says in six short headers that
 * it may load nothing, be framed by nothing, be sniffed as nothing and be read by no other
 * origin (ADR 052). A JSON address opened in a tab still shows as inert text.
 */
export const JSON_ANSWER_HEADERS: readonly [string, string][] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
  ['strict-transport-security', `max-age=${HSTS_SECONDS}; includeSubDomains`],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
];

const API = '/api/';
const JSON_TYPE = /^application\/(?:problem\+)?json\b/;

/** An answer the API sends as JSON (or problem+json): the only kind that takes the short set. */
const isJsonAnswer = (contentType: unknown) => typeof contentType === 'string' && JSON_TYPE.test(contentType);

/**
 * Security headers for every answer, with a Content Security Policy strict enough that no
 * inline script or style runs: the built web app loads only its own files. Set on the raw
 * response in onRequest, so answers that bypass onSend (the OpenID Provider's) carry them too.
 * Calls to `/api/` start with the JSON set; one that answers anything else (a document file, the
 * application PDF, the OpenAPI page) gets the page set in onSend, over the same names.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const pageHeaders = securityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    const headers = request.url.startsWith(API) ? JSON_ANSWER_HEADERS : pageHeaders;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith(API) && !isJsonAnswer(reply.getHeader('content-type'))) {
      for (const [name, value] of pageHeaders) reply.raw.setHeader(name, value);
    }
    done(null, payload);
  });
});
