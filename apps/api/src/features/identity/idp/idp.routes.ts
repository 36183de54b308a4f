import {
  accountConfirmedResponseSchema,
  localeCodes,
  localize,
  checkEmailResponseSchema,
  confirmEmailRequestSchema,
  forgotPasswordRequestSchema,
  identityProblemTypes,
  interactionDetailsSchema,
  interactionRedirectSchema,
  passwordResetResponseSchema,
  type PasswordWeakness,
  problemSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  signInAnswerSchema,
  signInRequestSchema,
} from '@ccap/contracts';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { errors as oidcErrors } from 'oidc-provider';
import { z } from 'zod';
import { localeOfAcceptLanguage } from '../../../lib/request-locale';
import { HttpProblem, type ProblemDetailKey } from '../../../plugins/problem';
import { perMinute } from '../../../plugins/rate-limits';
import type { RateLimitConfig } from '../../../env';
import { idpMails } from './mail-templates';
import { passwordWeakness } from './passwords';
import { offWhenIdle } from './provider-context';
import { secondFactorStepAfterPassword } from './second-factor.routes';
import { createDeviceCookies } from './sign-in-throttle';

export interface IdpRoutesOptions {
  provider: Provider;
  publicUrl: string;
  /** Requests a minute per client address on the credential calls. */
  limits: Pick<RateLimitConfig, 'signIn' | 'register' | 'passwordReset'>;
}

/**
 * A forgotten-password request is answered no sooner than this after it arrives, whether or
 * not the address has an account: only a known address makes a link and its mail (a
 * transaction, a few milliseconds), so an answer as soon as the work was done told whoever
 * timed it which addresses are registered (OWASP's forgot-password advice: uniform time).
 * Well above the work's own time, so the floor is what everyone waits for.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 250;

const uidParams = z.object({ uid: z.string().min(1).max(64) });
const problems = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 410: problemSchema, 429: problemSchema };

const WEAKNESS_MESSAGES: Record<PasswordWeakness, string> = {
  common: 'This password is too common.',
  personal: 'This password is built on your name or email address.',
  pattern: 'This password is a keyboard pattern, sequence, repeat or date.',
  guessable: 'This password is too easy to guess.',
};

const WEAKNESS_DETAILS: Record<PasswordWeakness, ProblemDetailKey> = {
  common: 'weakPassword',
  personal: 'weakPasswordPersonal',
  pattern: 'weakPasswordPattern',
  guessable: 'weakPasswordGuessable',
};

/** Refuses a new password that breaks a rule (ADR 086), saying which. */
const checkNewPassword = (password: string, userInputs: string[]) => {
  const reason = passwordWeakness(password, userInputs);
  if (!reason) return;
  throw new HttpProblem(400, WEAKNESS_DETAILS[reason], {
    type: identityProblemTypes.weakPassword,
    reason,
    errors: [{ path: 'password', message: WEAKNESS_MESSAGES[reason] }],
  });
};

/**
 * The built-in identity provider: the JSON calls its pages (rendered by the web app) make,
 * and oidc-provider itself for every other /idp path.
 */
export const idpRoutes: FastifyPluginAsyncZod<IdpRoutesOptions> = async (app, { provider, publicUrl, limits }) => {
  const { accounts } = app.repositories;
  const deviceCookies = createDeviceCookies(await app.repositories.signingKeys.secret('device-cookie'), {
    secure: publicUrl.startsWith('https:'),
  });

  /**
   * The mails to an account's holder in their language: the one they chose in the portal once
   * they have signed in, else the language of the page that asked (its Accept-Language).
   */
  async function mailsFor(request: FastifyRequest, account?: { email: string } | { id: string }) {
    const chosen = account ? await accounts.preferredLanguage(account) : undefined;
    const lang =
      chosen && (localeCodes as readonly string[]).includes(chosen)
        ? (chosen as (typeof localeCodes)[number])
        : localeOfAcceptLanguage(request.headers['accept-language']);
    const labels = await app.texts.labels(lang);
    return { mails: idpMails(labels), product: localize(app.programProfile.productName, lang) };
  }
  const callback = offWhenIdle(provider.callback());

  async function details(request: FastifyRequest, reply: FastifyReply, uid: string) {
    try {
      const found = await provider.interactionDetails(request.raw, reply.raw);
      if (found.uid !== uid) throw new oidcErrors.SessionNotFound('interaction mismatch');
      return found;
    } catch {
      throw new HttpProblem(410, 'interactionExpired', {
        type: identityProblemTypes.interactionExpired,
      });
    }
  }

  // oidc-provider redirects here when the user must sign in: the web app shows the page.
  app.get(
    '/idp/interaction/:uid',
    { config: { access: 'public' }, schema: { params: uidParams, hide: true } },
    async (request, reply) => {
      const uid = request.params.uid;
      try {
        await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return reply.redirect(`/auth/error?error=interaction_expired`, 303);
      }
      return reply.redirect(`/auth/boxed-signin?uid=${encodeURIComponent(uid)}`, 303);
    },
  );

  app.get(
    '/idp/interaction/:uid/details',
    {
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        params: uidParams,
        response: { 200: interactionDetailsSchema, 410: problemSchema },
      },
    },
    async (request, reply) => {
      const found = await details(request, reply, request.params.uid);
      const loginHint = found.params.login_hint;
      return {
        uid: found.uid,
        prompt: found.prompt.name,
        ...(typeof loginHint === 'string' ? { loginHint } : {}),
      };
    },
  );

  app.post(
    '/idp/interaction/:uid/login',
    {
      config: { access: 'public', ...perMinute(limits.signIn) },
      schema: {
        tags: ['identity'],
        params: uidParams,
        body: signInRequestSchema,
        response: { 200: signInAnswerSchema, ...problems },
      },
    },
    async (request, reply) => {
      await details(request, reply, request.params.uid);
      const { email, password } = request.body;
      const device = deviceCookies.read(request.headers.cookie);
      const result = await accounts.signIn(email, password, { ip: request.ip, device });
      if (result.outcome === 'locked') {
        const minutes = Math.ceil(result.retryAfterSeconds / 60);
        request.log.warn(
          { event: 'sign-in-locked', retryAfterSeconds: result.retryAfterSeconds },
          'sign-in delayed after repeated failures from this client',
        );
        throw new HttpProblem(429, 'tooManyFailedAttempts', {
          values: { count: minutes },
          type: identityProblemTypes.locked,
          retryAfterSeconds: result.retryAfterSeconds,
          headers: { 'retry-after': String(result.retryAfterSeconds) },
        });
      }
      if (result.outcome === 'invalid') {
        throw new HttpProblem(401, 'invalidCredentials', {
          type: identityProblemTypes.invalidCredentials,
        });
      }
      if (result.outcome === 'unconfirmed') {
        const { account } = result;
        const { mails, product } = await mailsFor(request, { id: account.id });
        await accounts.sendLink(account.id, 'confirm-email', request.params.uid, (token) => ({
          to: account.email,
          kind: 'confirm-email',
          ...mails.confirmEmail({
            name: account.name,
            link: `${publicUrl}/auth/confirm-email?token=${token}&uid=${encodeURIComponent(request.params.uid)}`,
            product,
          }),
        }));
        throw new HttpProblem(403, 'confirmEmailFirst', {
          type: identityProblemTypes.emailNotConfirmed,
        });
      }
      // This browser is now one the account's holder uses: its failures count for it alone.
      void reply.header('set-cookie', deviceCookies.issue(result.account.id, device));
      // A staff member who must have a second factor goes on to it (second-factor.routes.ts).
      const secondFactor = await secondFactorStepAfterPassword(
        app.repositories,
        app.programProfile,
        request.params.uid,
        result.account.id,
      );
      if (secondFactor) return { secondFactor };
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: result.account.id, remember: false } },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    },
  );

  app.post(
    '/idp/interaction/:uid/abort',
    {
      config: { access: 'public' },
      schema: {
        tags: ['identity'],
        params: uidParams,
        response: { 200: interactionRedirectSchema, 410: problemSchema },
      },
    },
    async (request, reply) => {
      await details(request, reply, request.params.uid);
      const redirectTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
      return { redirectTo };
    },
  );

  app.post(
    '/idp/account/register',
    {
      config: { access: 'public', ...perMinute(limits.register) },
      schema: {
        tags: ['identity'],
        body: registerRequestSchema,
        response: { 200: checkEmailResponseSchema, ...problems },
      },
    },
    async (request) => {
      const { name, email, password, uid } = request.body;
      checkNewPassword(password, [name, email]);
      // A new account's language is the registration page's; one already there keeps its own.
      const { mails, product } = await mailsFor(request, { email });
      await accounts.register(
        { name, email, password, interactionUid: uid, requestId: request.id },
        {
          confirm: (token) => ({
            to: email,
            kind: 'confirm-email',
            ...mails.confirmEmail({
              name,
              link: `${publicUrl}/auth/confirm-email?token=${token}${uid ? `&uid=${encodeURIComponent(uid)}` : ''}`,
              product,
            }),
          }),
          alreadyRegistered: () => ({
            to: email,
            kind: 'already-registered',
            ...mails.alreadyRegistered({
              signInLink: `${publicUrl}/login`,
              resetLink: `${publicUrl}/auth/boxed-password-reset`,
              product,
            }),
          }),
        },
      );
      // The same answer either way: whether an address has an account stays private.
      return { status: 'check-email' as const };
    },
  );

  app.post(
    '/idp/account/confirm',
    {
      config: { access: 'public', ...perMinute(limits.signIn) },
      schema: {
        tags: ['identity'],
        body: confirmEmailRequestSchema,
        response: { 200: accountConfirmedResponseSchema, ...problems },
      },
    },
    async (request) => {
      const confirmed = await accounts.confirmEmail(request.body.token);
      if (!confirmed) {
        throw new HttpProblem(400, 'invalidLink', {
          type: identityProblemTypes.invalidToken,
        });
      }
      return { status: 'confirmed' as const, ...(confirmed.interactionUid ? { uid: confirmed.interactionUid } : {}) };
    },
  );

  app.post(
    '/idp/account/forgot-password',
    {
      config: { access: 'public', ...perMinute(limits.passwordReset) },
      schema: {
        tags: ['identity'],
        body: forgotPasswordRequestSchema,
        response: { 200: checkEmailResponseSchema, ...problems },
      },
    },
    async (request) => {
      const floor = delay(FORGOT_PASSWORD_ANSWER_MS);
      try {
        const account = await accounts.findByEmail(request.body.email);
        if (account) {
          const { mails, product } = await mailsFor(request, { id: account.id });
          await accounts.sendLink(account.id, 'reset-password', request.body.uid, (token) => ({
            to: account.email,
            kind: 'reset-password',
            ...mails.resetPassword({
              name: account.name,
              link: `${publicUrl}/auth/boxed-password-reset?token=${token}`,
              product,
            }),
          }));
        }
      } finally {
        // A failure waits too: its answer (500) must not come sooner than a success would.
        await floor;
      }
      return { status: 'check-email' as const };
    },
  );

  app.post(
    '/idp/account/reset-password',
    {
      config: { access: 'public', ...perMinute(limits.passwordReset) },
      schema: {
        tags: ['identity'],
        body: resetPasswordRequestSchema,
        response: { 200: passwordResetResponseSchema, ...problems },
      },
    },
    async (request) => {
      checkNewPassword(request.body.password, []);
      const { token, password } = request.body;
      // The page that reset it speaks the holder's language (their account is known only once
      // the token is, inside the change).
      const { mails, product } = await mailsFor(request);
      const reset = await accounts.resetPassword({ token, password, requestId: request.id }, (account) => ({
        to: account.email,
        kind: 'password-changed',
        ...mails.passwordChanged({ name: account.name, product }),
      }));
      if (!reset) {
        throw new HttpProblem(400, 'invalidResetLink', {
          type: identityProblemTypes.invalidToken,
        });
      }
      return { status: 'password-reset' as const };
    },
  );

  // Everything else under /idp is the OpenID Provider itself. It reads its own request
  // bodies, so this scope leaves the stream unparsed.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = (request: FastifyRequest, reply: FastifyReply) => {
      // A hijacked answer skips Fastify's reply: whatever a hook set on the reply rather than on
      // the raw answer (as the security headers and the request id are) goes on the raw one.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      void reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      // `/idp?x` must reach the provider as `/?x`: a path without its leading slash crashes it.
      const rest = (raw.url ?? '/').slice('/idp'.length);
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      void callback(raw, reply.raw);
    };
    scope.all('/idp', { config: { access: 'public' }, schema: { hide: true } }, handler);
    scope.all('/idp/*', { config: { access: 'public' }, schema: { hide: true } }, handler);
  });
};
