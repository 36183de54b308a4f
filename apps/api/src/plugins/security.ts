import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  /** Origins besides our own that the browser may connect to (an external IdP, tiles). */
  extraConnectSources?: string[];
  extraImageSources?: string[];
  /** Origins a form may lead to: the built-in provider's sign-out redirects to its clients. */
  extraFormActions?: string[];
  httpsOnly: boolean;
}

/**
 * Security headers for every answer, with a Content Security Policy strict enough that no
 * inline script or style runs: the built web app loads only its own files.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  await app.register(helmet, {
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
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(options.extraFormActions ?? [])],
        frameAncestors: ["'none'"],
        ...(options.httpsOnly ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 63_072_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  // onRequest, like helmet's own: answers that bypass onSend (the OpenID Provider's) carry it too.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header(
      'permissions-policy',
      'camera=(self), geolocation=(self), microphone=(), payment=(), usb=(), interest-cohort=()',
    );
  });
});
