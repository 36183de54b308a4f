import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';

const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers this machine in Prometheus text: requests per route template, latency, pool and outbox', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.inject({ method: 'GET', url: '/api/nothing-here/12345' });
    await ctx.app.repositories.mail.enqueue({ to: 'a@example.gov', subject: 'S', text: 'T', kind: 'test' });
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(valueOf(text, 'http_requests_total{method="GET",route="/api/health",status_code="200"}')).toBe(1);
    // Unknown paths share one series: a scanner cannot blow up the series count.
    expect(text).toContain('route="unmatched",status_code="404"');
    expect(text).not.toContain('12345');
    expect(
      valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}'),
    ).toBe(1);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/health"');
    expect(valueOf(text, 'db_pool_connections{state="max"}')).toBeGreaterThan(0);
    expect(valueOf(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    expect(valueOf(text, 'mail_outbox_backlog')).toBe(1);
    expect(text).toContain('process_cpu_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('is not found from another machine, nor through a proxy on this one', async () => {
    const remote = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);
    expect(remote.headers['content-type']).toMatch(/^application\/problem\+json/);
    const proxied = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(proxied.statusCode).toBe(404);
    expect(proxied.body).not.toContain('http_requests_total');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const token = 'scrape-token-0123456789abcdef';
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ metrics: { token } });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers a bearer of the token from anywhere, and 401 to anyone else, even on this machine', async () => {
    const scraped = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.body).toContain('http_request_duration_seconds');
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcde' }, { authorization: token }]) {
      const refused = await ctx.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.body).not.toContain('http_requests_total');
    }
  });
});
