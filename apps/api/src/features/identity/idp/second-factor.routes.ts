import {
  identityProblemTypes,
  interactionRedirectSchema,
  problemSchema,
  secondFactorCodeRequestSchema,
  secondFactorEnrolledSchema,
  secondFactorEnrolmentSchema,
  secondFactorProblemTypes,
  type ProgramProfile,
} from '@ccap/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { errors as oidcErrors } from 'oidc-provider';
import { z } from 'zod';
import { HttpProblem } from '../../../plugins/problem';
import { perMinute } from '../../../plugins/rate-limits';
import type { Repositories } from '../../../repositories';
import type { CodeCheck } from './second-factor.repository';

export interface SecondFactorRoutesOptions {
  provider: Provider;
  /** Requests a minute per client address on the code calls (the sign-in's limit). */
  signInLimit: number;
}

/** Whether an account's portal roles make a second factor necessary (ADR 088). */
export async function needsSecondFactor(
  repositories: Pick<Repositories, 'secondFactor'>,
  profile: Pick<ProgramProfile, 'staffSecondFactor'>,
  accountId: string,
): Promise<boolean> {
  const roles = await repositories.secondFactor.staffRolesOf(accountId);
  return (
    roles.includes('administrator') || (profile.staffSecondFactor.serviceWorkers && roles.includes('service-worker'))
  );
}

/**
 * After a right password: undefined when the account needs no second factor (the sign-in
 * completes), else the step the sign-in waits on, now recorded against the interaction.
 */
export async function secondFactorStepAfterPassword(
  repositories: Pick<Repositories, 'secondFactor'>,
  profile: Pick<ProgramProfile, 'staffSecondFactor'>,
  interactionUid: string,
  accountId: string,
): Promise<'verify' | 'enrol' | undefined> {
  if (!(await needsSecondFactor(repositories, profile, accountId))) return undefined;
  await repositories.secondFactor.openChallenge(interactionUid, accountId);
  return (await repositories.secondFactor.isEnrolled(accountId)) ? 'verify' : 'enrol';
}

const uidParams = z.object({ uid: z.string().min(1).max(64) });
const problems = { 400: problemSchema, 401: problemSchema, 410: problemSchema, 429: problemSchema };

const wrongCode = (result: Exclude<CodeCheck, { outcome: 'accepted' }>) => {
  if (result.outcome === 'locked') {
    const minutes = Math.ceil(result.retryAfterSeconds / 60);
    return new HttpProblem(429, 'tooManyWrongCodes', {
      values: { count: minutes },
      type: secondFactorProblemTypes.locked,
      retryAfterSeconds: result.retryAfterSeconds,
      headers: { 'retry-after': String(result.retryAfterSeconds) },
    });
  }
  return new HttpProblem(401, 'wrongCode', {
    type: secondFactorProblemTypes.invalidCode,
    errors: [{ path: 'code', message: 'This code is not right.' }],
  });
};

/**
 * The built-in provider's second sign-in step for staff (ADR 088): setting up an authenticator
 * app and checking its codes, for a sign-in attempt whose password was right. Each call needs
 * the attempt's own interaction cookie and the waiting mark the password step left.
 */
export const secondFactorRoutes: FastifyPluginAsyncZod<SecondFactorRoutesOptions> = async (
  app,
  { provider, signInLimit },
) => {
  const { accounts, secondFactor } = app.repositories;
  // The issuer an authenticator app lists the key under: one name, the profile's English one.
  const product = app.programProfile.productName.en;

  const expired = () =>
    new HttpProblem(410, 'interactionExpired', {
      type: identityProblemTypes.interactionExpired,
    });

  /** The account this attempt (with its cookie) waits on for a second factor. */
  async function waitingAccount(request: FastifyRequest, reply: FastifyReply, uid: string) {
    try {
      const found = await provider.interactionDetails(request.raw, reply.raw);
      if (found.uid !== uid) throw new oidcErrors.SessionNotFound('interaction mismatch');
    } catch {
      throw expired();
    }
    const accountId = await secondFactor.challengeAccount(uid);
    const account = accountId ? await accounts.findById(accountId) : undefined;
    if (!account) throw expired();
    return account;
  }

  async function complete(request: FastifyRequest, reply: FastifyReply, uid: string, accountId: string) {
    await secondFactor.closeChallenge(uid);
    return provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId, remember: false, amr: ['pwd', 'otp'] } },
      { mergeWithLastSubmission: false },
    );
  }

  const limited = { access: 'public' as const, ...perMinute(signInLimit) };

  app.post(
    '/idp/interaction/:uid/second-factor/enrolment',
    {
      config: limited,
      schema: {
        tags: ['identity'],
        summary: 'A new authenticator secret for a staff member who has none yet',
        params: uidParams,
        response: { 200: secondFactorEnrolmentSchema, ...problems, 409: problemSchema },
      },
    },
    async (request, reply) => {
      const account = await waitingAccount(request, reply, request.params.uid);
      const started = await secondFactor.startEnrolment(account, product);
      if (!started) throw new HttpProblem(409, 'authenticatorExists');
      return started;
    },
  );

  app.post(
    '/idp/interaction/:uid/second-factor/enrolment/confirm',
    {
      config: limited,
      schema: {
        tags: ['identity'],
        summary: 'Confirms a new authenticator with its first code; answers the recovery codes',
        params: uidParams,
        body: secondFactorCodeRequestSchema,
        response: { 200: secondFactorEnrolledSchema, ...problems },
      },
    },
    async (request, reply) => {
      const account = await waitingAccount(request, reply, request.params.uid);
      const result = await secondFactor.confirmEnrolment(account.id, request.body.code, {
        id: null,
        label: account.email,
        requestId: request.id,
      });
      if (result.outcome !== 'enrolled') throw wrongCode(result);
      request.log.info({ event: 'second-factor-enrolled' }, 'staff second factor set up');
      const redirectTo = await complete(request, reply, request.params.uid, account.id);
      return { redirectTo, recoveryCodes: result.recoveryCodes };
    },
  );

  app.post(
    '/idp/interaction/:uid/second-factor',
    {
      config: limited,
      schema: {
        tags: ['identity'],
        summary: "Checks a sign-in's authenticator code or recovery code",
        params: uidParams,
        body: secondFactorCodeRequestSchema,
        response: { 200: interactionRedirectSchema, ...problems },
      },
    },
    async (request, reply) => {
      const account = await waitingAccount(request, reply, request.params.uid);
      const result = await secondFactor.verify(account.id, request.body.code, {
        id: null,
        label: account.email,
        requestId: request.id,
      });
      if (result.outcome !== 'accepted') {
        request.log.warn({ event: 'second-factor-refused', outcome: result.outcome }, 'second factor refused');
        throw wrongCode(result);
      }
      return { redirectTo: await complete(request, reply, request.params.uid, account.id) };
    },
  );
};
