import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers every answer carries, for an answer written before any hook runs. */
    securityHeaders: readonly (readonly [string, string])[];
  }
}

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
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // What `frame-ancestors 'none'` says, for browsers that read only the older header: helmet's
    // SAMEORIGIN would let a page of this origin frame the portal where the CSP forbids it.
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    // Headers only browsers long gone read: `X-Download-Options` is Internet Explorer 8's, and
    // `X-XSS-Protection: 0` switches off an XSS filter no current browser has (the CSP above is
    // what stops injected script). Each header is written on every answer, and costs each call.
    xDownloadOptions: false,
    xXssProtection: false,
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
  headers.push(['permissions-policy', 'camera=(self), geolocation=(self), microphone=(), payment=(), usb=()']);
  return headers;
}

/**
 * Security headers for every answer, with a Content Security Policy strict enough that no
 * inline script or style runs: the built web app loads only its own files. Set on the raw
 * response in onRequest, so answers that bypass onSend (the OpenID Provider's) carry them too.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const headers = securityHeaders(options);
  app.decorate('securityHeaders', headers);
  app.addHook('onRequest', (_request, reply, done) => {
    putSecurityHeaders(reply.raw, headers);
    done();
  });
});

/**
 * The security headers on a raw answer: by the hook above for every call, and by the answers
 * written before it runs (the router's errors, the answer while stopping).
 */
export function putSecurityHeaders(raw: ServerResponse, headers: FastifyInstance['securityHeaders']) {
  for (const [name, value] of headers) raw.setHeader(name, value);
}
