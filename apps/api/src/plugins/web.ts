import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendNotFoundProblem } from './problem';

const API_PREFIXES = ['/api/', '/idp/'];
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated,
 * and index.html for any other GET so client-side routes survive a reload. API paths
 * always get problem+json, never the app. Files go out brotli- or gzip-compressed when the
 * browser accepts it, from the .br and .gz copies the web build writes beside them.
 *
 * A page asked for at another address than PUBLIC_URL's (http://127.0.0.1:8080 for
 * http://localhost:8080, a server's IP) is redirected to the same path there before the app
 * loads: sign-in only works at PUBLIC_URL, whose origin the identity provider and its cookies
 * know. API calls, assets and health checks are answered at any address.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { webDist: string; publicUrl?: string }) => {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl) : undefined;
  const indexHtml = path.join(options.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (!hasWeb) {
    app.log.warn(`No web build at ${options.webDist}: run "npm run build" to serve the web app.`);
  } else {
    await app.register(fastifyStatic, {
      root: options.webDist,
      wildcard: false,
      cacheControl: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const relative = path.relative(options.webDist, filePath);
        reply.header('cache-control', relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
        reply.header('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => pathname === prefix.slice(0, -1) || pathname.startsWith(prefix));
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !hasWeb || !wantsPage) return sendNotFoundProblem(request, reply);
    if (pathname.startsWith('/assets/') || pathname.startsWith('/locales/')) {
      return sendNotFoundProblem(request, reply);
    }
    if (publicOrigin && request.host.toLowerCase() !== publicOrigin.host.toLowerCase()) {
      return reply.header('cache-control', 'no-store').redirect(`${publicOrigin.origin}${request.url}`, 302);
    }
    return reply.header('cache-control', REVALIDATE).type('text/html; charset=utf-8').sendFile('index.html');
  });
});
