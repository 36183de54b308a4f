import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem, type ProblemDetailKey } from '../../plugins/problem';
import { localeOfAcceptLanguage } from '../../lib/request-locale';
import { InvalidTokenError, type TokenVerifier } from './token-verifier';
import type { PortalUser } from './users.repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set for every route whose access is not public. */
    user: PortalUser | undefined;
  }
}

/** A 401 with its challenge: an error code only for a token that was sent (RFC 6750, section 3.1). */
const unauthorized = (detail: ProblemDetailKey, tokenSent = false) =>
  new HttpProblem(401, detail, {
    headers: { 'www-authenticate': tokenSent ? 'Bearer realm="ccap", error="invalid_token"' : 'Bearer realm="ccap"' },
  });

/** The signed-in user of a non-public route; routes call this instead of reading request.user. */
export function currentUser(request: FastifyRequest): PortalUser {
  if (!request.user) throw unauthorized('signInToContinue');
  return request.user;
}

/**
 * The options of an administration route: for administrators only, and listed under
 * "administration" in the OpenAPI document.
 */
export const administration = <Schema extends object>(summary: string, schema: Schema) => ({
  config: { access: 'administrator' as const },
  schema: { tags: ['administration'], summary, ...schema },
});

/**
 * The one guard every route passes through: its declared `access` decides. Signed-in routes
 * need a valid bearer token; staff routes a staff role; administrator routes that role.
 */
export const accessPlugin = fp(async (app: FastifyInstance, options: { verifier: TokenVerifier }) => {
  app.decorateRequest('user', undefined);
  // A callback hook: a public call (the search, the web app's files) answers at once, with no
  // promise made for it; a signed-in one waits for its token and user.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    const url = request.routeOptions.url ?? '';
    // An API route that forgot its rule is refused, not opened (the suite also fails on it).
    if (!access && url.startsWith('/api/') && !url.startsWith('/api/docs')) {
      return done(new HttpProblem(403, 'noAccessRule'));
    }
    // An integration API route checks its key itself (features/integration, ADR 112).
    if (!access || access === 'public' || access === 'api-key') return done();
    signIn(request, access).then(
      () => done(),
      // Never a falsy rejection taken for success: the guard fails closed whatever signIn throws.
      (error: unknown) => done(error instanceof Error ? error : new Error('the sign-in check failed')),
    );
  });

  async function signIn(
    request: FastifyRequest,
    access: Exclude<NonNullable<FastifyContextConfig['access']>, 'public' | 'api-key'>,
  ) {
    const header = request.headers.authorization;
    // The token's characters are checked by the verifier, on a token it has not verified before:
    // a remembered token is the same string it checked then, and a JWT is long enough for a
    // regular expression over the whole header to cost a signed-in call a few microseconds.
    const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!token) throw unauthorized('signInWithToken');
    let identity;
    try {
      identity = await options.verifier(token);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        request.log.info({ reason: error.message }, 'rejected access token');
        throw unauthorized('sessionInvalid', true);
      }
      throw error;
    }
    const user = await app.repositories.users.resolve(identity, {
      requestId: request.id,
      ...(request.headers['accept-language']
        ? { language: localeOfAcceptLanguage(request.headers['accept-language']) }
        : {}),
    });
    request.user = user;

    if (access === 'staff' && !user.roles.some((role) => role === 'service-worker' || role === 'administrator')) {
      throw new HttpProblem(403, 'staffOnly');
    }
    if (access === 'administrator' && !user.roles.includes('administrator')) {
      throw new HttpProblem(403, 'administratorsOnly');
    }
  }
});
