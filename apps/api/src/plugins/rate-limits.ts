import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { RateLimitConfig } from '../env';
import { HttpProblem } from './problem';

/** A route's limit: `max` requests a minute from one client address. */
export const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

/**
 * Per-route limits (the routes name theirs with `perMinute`), answered 429 as problem+json with
 * Retry-After. Counted in this process's memory, or in Redis when `REDIS_URL` is set so that
 * several instances share one count. A Redis outage lets requests through (logged) rather
 * than refusing every sign-in.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: Pick<RateLimitConfig, 'redisUrl'>) => {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, {
      connectTimeout: 2_000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      lazyConnect: true,
    });
    redis.on('error', (err: unknown) => app.log.warn({ err }, 'rate limit store (Redis) unavailable'));
    await redis.connect().catch((err: unknown) => app.log.warn({ err }, 'rate limit store (Redis) not reachable'));
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    // A 429 says what the limit is and when to try again (below, and `Retry-After`); an answer
    // within the limit carries no count (the web app reads none, and it saves three headers on
    // every search).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    ...(redis ? { redis, nameSpace: 'ccap-rate-limit:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.ceil(context.ttl / 1000);
      return new HttpProblem(context.statusCode, 'tooManyRequests', {
        values: { count: seconds },
        retryAfterSeconds: seconds,
      });
    },
  });
});
