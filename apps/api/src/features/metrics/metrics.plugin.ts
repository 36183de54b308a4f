import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../../db/database';
import { HttpProblem, notFound } from '../../plugins/problem';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface MetricsOptions {
  /** With a token, /metrics answers a bearer of it from anywhere; without, only this machine. */
  token: string | undefined;
  /** The database connection pool right now. */
  poolStats: () => PoolStats;
}

const sameSecret = (offered: string, expected: string) => {
  const a = Buffer.from(offered);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Prometheus metrics at GET /metrics (ADR 035): requests and their latency per route, the
 * database pool, the mail outbox backlog and Node's own process metrics. Each app has a
 * registry of its own, so several apps in one process (tests) never collide.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request received to response sent, by method, route template and status code',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool: Gauge<'state'> = new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting clients, max)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { total, idle, waiting, max } = options.poolStats();
      for (const [state, value] of [
        ['total', total],
        ['idle', idle],
        ['waiting', waiting],
        ['max', max],
      ] as const)
        pool.set({ state }, value);
    },
  });
  const backlog: Gauge = new Gauge({
    name: 'mail_outbox_backlog',
    help: 'Mails in the outbox not delivered yet',
    registers: [registry],
    async collect() {
      backlog.set(await app.repositories.mail.backlog());
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route's template, never the raw URL: one series per route, whatever the ids in it.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const allowed = (request: FastifyRequest) => {
    if (options.token) {
      const header = request.headers.authorization ?? '';
      const offered = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (sameSecret(offered, options.token)) return;
      throw new HttpProblem(401, 'metricsToken', {
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      });
    }
    // This machine only: a direct loopback connection, not one relayed by a local reverse proxy.
    const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || relayed) throw notFound('notFoundMetrics');
  };

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    allowed(request);
    const body = await registry.metrics();
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(body);
  });
});
