import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { securityPlugin } from './security';

const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'permissions-policy',
];

/** Headers that only browsers long gone read, no longer sent (ADR 053). */
const NOT_SENT = ['x-download-options', 'x-xss-protection'];

async function headersOf(options: Parameters<typeof securityPlugin>[1], raw = false) {
  const app = Fastify();
  await app.register(securityPlugin, options);
  app.get('/', async (_request, reply) => {
    if (!raw) return 'ok';
    // As the OpenID Provider answers: straight to the socket, past Fastify's onSend.
    reply.hijack();
    reply.raw.end('raw');
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  for (const name of NOT_SENT) expect(response.headers).not.toHaveProperty(name);
  return Object.fromEntries(SECURITY_HEADERS.map((name) => [name, response.headers[name]]));
}

describe('security headers', () => {
  it('are the same on every answer, also one written straight to the socket', async () => {
    const options = {
      httpsOnly: true,
      extraConnectSources: ['https://login.example.gov'],
      extraFormActions: ['https://app.example.gov'],
      extraImageSources: ['https://*.tile.example.org'],
    };
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
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'permissions-policy': 'camera=(self), geolocation=(self), microphone=(), payment=(), usb=()',
    });
  });
});
