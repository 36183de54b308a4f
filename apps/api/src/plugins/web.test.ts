import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webPlugin } from './web';

const html = '<!doctype html><title>Portal</title>'.repeat(20);
const script = 'export const answer = 42;\n'.repeat(50);
let dist: string;
let app: FastifyInstance;

// A web build as `vite build` leaves it: each text file with its .br and .gz copies beside it.
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ccap-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const write = (file: string, text: string) => {
    fs.writeFileSync(path.join(dist, file), text);
    fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(text));
    fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(text));
  };
  write('index.html', html);
  write('assets/index-abc123.js', script);
  app = Fastify();
  await app.register(webPlugin, { webDist: dist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('the web build', () => {
  it('sends a hashed asset brotli-compressed to a browser that accepts it, cached for a year', async () => {
    const response = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('sends gzip when that is all the browser accepts, and the plain file when it accepts none', async () => {
    const gzipped = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends index.html compressed and revalidated for a client route', async () => {
    const response = await app.inject({ url: '/ProviderSearch', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(html);
  });
});

describe('a page asked for at another address than PUBLIC_URL', () => {
  let canonical: FastifyInstance;
  beforeAll(async () => {
    canonical = Fastify();
    await canonical.register(webPlugin, { webDist: dist, publicUrl: 'http://localhost:8080' });
    await canonical.ready();
  });
  afterAll(async () => {
    await canonical.close();
  });

  it('is redirected to the same path there before the app loads', async () => {
    const response = await canonical.inject({ url: '/login?next=%2Fdashboard', headers: { host: '127.0.0.1:8080' } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('http://localhost:8080/login?next=%2Fdashboard');
    expect(response.body).not.toContain('<title>Portal</title>');
    const root = await canonical.inject({ url: '/', headers: { host: '192.0.2.10' } });
    expect(root.headers.location).toBe('http://localhost:8080/');
  });

  it('is served at PUBLIC_URL itself, whatever the case of its host', async () => {
    const response = await canonical.inject({ url: '/login', headers: { host: 'LocalHost:8080' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(html);
  });

  it('API calls and assets are answered at any address (a load balancer health check)', async () => {
    const api = await canonical.inject({ url: '/api/health', headers: { host: '10.0.0.5:8080' } });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/^application\/problem\+json/);
    const asset = await canonical.inject({ url: '/assets/index-abc123.js', headers: { host: '10.0.0.5:8080' } });
    expect(asset.statusCode).toBe(200);
  });
});
