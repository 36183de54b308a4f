import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { submitApplication } from '../documents-fixture';
import { createTestApp } from '../helpers';
import { createUser } from '../identity';
import { CONTENT_TYPES, headerText, nastyString, nastyValue } from './arbitraries';

/**
 * Property-based hostile input for every route the app registers (read from the app itself,
 * so a new route is covered the day it lands): generated bodies, query strings, path
 * parameters and headers, signed in as nobody, an applicant, a worker, an administrator or
 * with a forged token. Whatever comes in, the answer is never a 5xx, never shows a stack
 * trace or an internal path, and an error is problem+json.
 */

// Raise for a longer hunt: HOSTILE_RUNS=1000 npx vitest run --project api-pglite route-fuzz
// eslint-disable-next-line no-restricted-properties -- a test knob, not product configuration
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 80);

const ctx = await createTestApp();
afterAll(async () => {
  await ctx.close();
});

const applicant = await createUser(ctx, 'Fuzz Applicant');
const worker = await createUser(ctx, 'Fuzz Worker', 'service-worker', ['Story']);
const admin = await createUser(ctx, 'Fuzz Admin', 'administrator');
// A real submitted application, so generated ids sometimes reach a record (someone else's or not).
const applicationId = await submitApplication(ctx, applicant);

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
const openApi = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
  paths: Record<string, Record<string, OpenApiOperation>>;
}>();

const routes = ctx.app.routeTable
  .filter(
    (route) =>
      (route.url.startsWith('/api/') || route.url.startsWith('/idp')) &&
      !route.url.startsWith('/api/docs') &&
      route.method !== 'HEAD',
  )
  .map((route) => {
    const operation = openApi.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
    const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
    return {
      ...route,
      queryNames: (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      bodyKeys: Object.keys(bodySchema?.properties ?? {}),
      // oidc-provider answers its own protocol errors (OAuth JSON or its HTML error page).
      protocol: route.url === '/idp' || route.url === '/idp/*',
    };
  });

const TOKENS = {
  none: undefined,
  applicant: applicant.headers.authorization,
  worker: worker.headers.authorization,
  admin: admin.headers.authorization,
  forged: `Bearer ${applicant.token.slice(0, -4)}AAAA`,
  garbage: 'Bearer not.a.jwt',
  basic: 'Basic YWRtaW46YWRtaW4=',
} as const;

const idValue = fc.oneof(
  fc.constant(String(applicationId)),
  fc.integer({ min: -2, max: 50 }).map(String),
  nastyString.filter((text) => text.length > 0),
);

const requestArbitrary = (keys: string[], queryNames: string[]) =>
  fc.record({
    token: fc.constantFrom(...(Object.keys(TOKENS) as (keyof typeof TOKENS)[])),
    params: fc.array(idValue, { minLength: 4, maxLength: 4 }),
    tail: fc.array(nastyString, { maxLength: 3 }),
    query: fc.dictionary(
      fc.oneof(fc.constantFrom(...queryNames, 'page', 'id', '__proto__', 'a[b]'), fc.string({ maxLength: 8 })),
      fc.oneof(nastyString, fc.array(nastyString, { maxLength: 2 })),
      { maxKeys: 4 },
    ),
    body: fc.oneof(
      { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...keys, 'extra'), nastyValue, { maxKeys: 6 }) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    rawBody: fc.option(fc.string({ unit: 'binary', maxLength: 200 }), { freq: 5 }),
    contentType: fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 3 }),
    accept: fc.option(fc.constantFrom('application/json', 'text/html', 'application/pdf', '*/*', 'x/y;q=nope'), {
      freq: 2,
    }),
    extraHeaders: fc.dictionary(
      fc.constantFrom(
        'x-request-id',
        'x-forwarded-for',
        'range',
        'if-none-match',
        'origin',
        'cookie',
        'accept-language',
      ),
      headerText,
      { maxKeys: 3 },
    ),
  });

/** Encodes a path segment; a lone surrogate (not encodable) goes as its raw percent bytes. */
const segment = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};

const STACK_OR_PATH =
  /\bat [\w$.<>[\] ]+ \(|node_modules|\/work\/|\/src\/[\w/-]+\.ts|\.ts:\d+|\/tmp\/ccap-|ERR_[A-Z_]+:|errno|ENOENT/;

describe('hostile input on every route', () => {
  it('reads the routes from the app itself', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/Application/save-my-draft-applications',
        '/api/Providers',
        '/idp/account/register',
      ]),
    );
  });

  it.each(routes.map((route) => [`${route.method} ${route.url}`, route] as const))(
    '%s never answers 5xx, a stack trace or a non-problem error',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route.bodyKeys, route.queryNames), async (input) => {
          let index = 0;
          const path = route.url
            .replace(/:(\w+)/g, () => segment(input.params[index++] ?? '1'))
            .replace('*', input.tail.map(segment).join('/'));
          const search = new URLSearchParams();
          for (const [key, value] of Object.entries(input.query)) {
            for (const one of [value].flat()) search.append(key, one);
          }
          const headers: Record<string, string> = { ...input.extraHeaders };
          const token = TOKENS[input.token];
          if (token) headers.authorization = token;
          if (input.accept) headers.accept = input.accept;
          const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
          let payload: string | undefined;
          if (hasBody && (input.rawBody !== null || input.body !== undefined)) {
            payload = input.rawBody ?? JSON.stringify(input.body);
            headers['content-type'] = input.contentType ?? 'application/json';
          } else if (input.contentType) {
            headers['content-type'] = input.contentType;
          }
          const query = search.toString();
          const response = await ctx.app.inject({
            method: route.method as 'GET',
            url: `${path}${query ? `?${query}` : ''}`,
            headers,
            ...(payload !== undefined ? { payload } : {}),
            remoteAddress: `198.51.100.${(index * 37 + path.length) % 250}`,
          });
          const context =
            `${route.method} ${path}?${query} → ${response.statusCode} ${response.body.slice(0, 300)}`.replace(
              /(.)\1{30,}/g,
              '$1$1$1…',
            );
          expect(response.statusCode, context).toBeLessThan(500);
          expect(response.body, context).not.toMatch(STACK_OR_PATH);
          // oidc-provider answers paths it does not serve with its own plain 404.
          const providerNotFound = route.url.startsWith('/idp') && response.statusCode === 404;
          if (response.statusCode >= 400 && !route.protocol && !providerNotFound) {
            expect(response.headers['content-type'], context).toMatch(/^application\/problem\+json/);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    },
  );
});
