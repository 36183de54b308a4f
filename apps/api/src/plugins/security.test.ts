import Fastify, { type FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { JSON_ANSWER_HEADERS, securityHeaders, securityPlugin } from './security';

const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'permissions-policy',
];

async function headersOf(options: Parameters<typeof securityPlugin>[1], raw = false, url = '/') {
  const app = Fastify();
  await app.register(securityPlugin, options);
  const handler = async (_request: unknown, reply: FastifyReply) => {
    if (!raw) return 'ok';
    // As the OpenID Provider answers: straight to the socket, past Fastify's onSend.
    reply.hijack();
    reply.raw.end('raw');
  };
  app.get('/', handler);
  app.get('/api/answer', async () => ({ answer: 42 }));
  app.get('/api/problem', async (_request, reply) =>
    reply.code(404).type('application/problem+json').send({ status: 404 }),
  );
  app.get('/api/file', async (_request, reply) => reply.type('application/pdf').send(Buffer.from('%PDF-1.7')));
  app.get('/api/empty', async (_request, reply) => reply.code(204).send());
  const response = await app.inject({ method: 'GET', url });
  await app.close();
  return Object.fromEntries(
    SECURITY_HEADERS.map((name) => [name, response.headers[name]]).filter(([, value]) => value !== undefined),
  );
}

const options = {
  httpsOnly: true,
  extraConnectSources: ['https://login.example.gov'],
  extraFormActions: ['https://app.example.gov'],
  extraImageSources: ['https://*.tile.example.org'],
};

describe('security headers', () => {
  it('are the same on every answer, also one written straight to the socket', async () => {
    const headers = await headersOf(options);
    expect(await headersOf(options, true)).toEqual(headers);
    expect(headers).toEqual({
      'content-security-policy':
        "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob: https://*.tile.example.org;font-src 'self';connect-src 'self' https://login.example.gov;media-src 'self' blob:;frame-src blob:;object-src 'none';base-uri 'self';form-action 'self' https://app.example.gov;frame-ancestors 'none';upgrade-insecure-requests",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      'permissions-policy': 'camera=(self), geolocation=(self), microphone=(), payment=(), usb=(), interest-cohort=()',
    });
  });

  it('on the API’s JSON answers, answers and problems alike, are the short set for JSON', async () => {
    const json = Object.fromEntries(JSON_ANSWER_HEADERS);
    expect(await headersOf(options, false, '/api/answer')).toEqual(json);
    expect(await headersOf(options, false, '/api/problem')).toEqual(json);
    expect(json).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=63072000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });

  it('on anything else the API answers (a file, an empty answer) are the whole page set', async () => {
    const page = Object.fromEntries(securityHeaders(options));
    expect(await headersOf(options, false, '/api/file')).toEqual(page);
    expect(await headersOf(options, false, '/api/empty')).toEqual(page);
  });
});
