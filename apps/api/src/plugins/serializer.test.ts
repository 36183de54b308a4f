import zlib from 'node:zlib';
import Fastify from 'fastify';
import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../env';
import { answerWrittenOnce, COMPRESS_FROM_BYTES, createResponseSerializerCompiler } from './serializer';

const schema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(['submitted', 'approved']),
  note: z.string().nullable(),
  tags: z.array(z.object({ code: z.string(), label: z.string().optional() })),
});
const route = { schema, method: 'GET', url: '/api/example', httpStatus: '200' };
const value = { id: 7, name: 'Ana "Lou"', status: 'approved', note: null, tags: [{ code: 'a' }] };

describe('the response serializer (ADR 041)', () => {
  it.each([false, true])('writes what the zod serializer writes (cross-check %s)', (crossCheck) => {
    const serialize = createResponseSerializerCompiler({ crossCheck })(route);
    expect(JSON.parse(serialize(value))).toEqual(value);
  });

  it('never writes a property the contract does not declare', () => {
    const serialize = createResponseSerializerCompiler({ crossCheck: false })(route);
    const written = serialize({ ...value, passwordHash: 'secret', tags: [{ code: 'a', internal: 1 }] });
    expect(written).not.toContain('secret');
    expect(written).not.toContain('internal');
  });

  it('with the cross-check, refuses an answer the contract refuses', () => {
    const serialize = createResponseSerializerCompiler({ crossCheck: true })(route);
    expect(() => serialize({ ...value, status: 'lost' })).toThrow();
  });

  it('cross-checks in the test suite (the app cross-checks outside production)', () => {
    expect(loadConfig().env).not.toBe('production');
  });
});

describe('an answer written once (ADR 047, 048)', () => {
  it('sends the same bytes for the same value, with the byte length of text past Latin-1', async () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setSerializerCompiler(createResponseSerializerCompiler({ crossCheck: true }));
    const remembered = { ...value, name: 'Zoë’s Little Ones 子ども' };
    let builds = 0;
    const answerOnce = answerWrittenOnce<typeof remembered>();
    app.get('/api/example', { schema: { response: { 200: schema } } }, async (_request, reply) =>
      answerOnce(reply, remembered, (source) => {
        builds += 1;
        return source;
      }),
    );
    const first = await app.inject({ method: 'GET', url: '/api/example' });
    const second = await app.inject({ method: 'GET', url: '/api/example' });
    await app.close();
    expect(builds).toBe(1);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual(remembered);
    expect(Number(first.headers['content-length'])).toBe(Buffer.byteLength(first.body));
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  describe('compressed for a caller that accepts it (ADR 051)', () => {
    // Long enough to be compressed: the same tag again and again, as a search's providers are.
    const long = { ...value, tags: Array.from({ length: 200 }, (_, index) => ({ code: `c${index}`, label: 'Zoë’s' })) };
    const short = { ...value, tags: [] };

    async function serve() {
      const app = Fastify().withTypeProvider<ZodTypeProvider>();
      app.setSerializerCompiler(createResponseSerializerCompiler({ crossCheck: true }));
      let builds = 0;
      const answerOnce = answerWrittenOnce<typeof long>();
      app.get('/api/example', { schema: { response: { 200: schema } } }, async (request, reply) =>
        answerOnce(reply, (request.query as { size?: string }).size === 'long' ? long : short, (source) => {
          builds += 1;
          return source;
        }),
      );
      const get = (size: 'long' | 'short', acceptEncoding?: string) =>
        app.inject({
          method: 'GET',
          url: `/api/example?size=${size}`,
          headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
        });
      return { app, get, builds: () => builds };
    }

    it('sends brotli to a browser, gzip to a caller that only takes gzip, and the JSON itself to others', async () => {
      const { app, get, builds } = await serve();
      const browser = await get('long', 'gzip, deflate, br, zstd');
      const again = await get('long', 'gzip, deflate, br, zstd');
      const gzipOnly = await get('long', 'gzip');
      const refusing = await get('long', 'br;q=0, gzip;q=0');
      const plain = await get('long');
      const unknown = await get('long', 'compress, x-something');
      await app.close();

      expect(browser.headers['content-encoding']).toBe('br');
      expect(JSON.parse(zlib.brotliDecompressSync(browser.rawPayload).toString())).toEqual(long);
      expect(Number(browser.headers['content-length'])).toBe(browser.rawPayload.length);
      expect(browser.rawPayload.length).toBeLessThan(Buffer.byteLength(JSON.stringify(long)) / 4);
      expect(again.rawPayload.equals(browser.rawPayload)).toBe(true);

      expect(gzipOnly.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(zlib.gunzipSync(gzipOnly.rawPayload).toString())).toEqual(long);

      for (const response of [refusing, plain, unknown]) {
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.json()).toEqual(long);
      }
      for (const response of [browser, gzipOnly, plain]) {
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.headers.vary).toBe('accept-encoding');
      }
      expect(builds()).toBe(1);
    });

    it(`sends an answer under ${COMPRESS_FROM_BYTES} bytes as written, whatever the caller accepts`, async () => {
      const { app, get } = await serve();
      const response = await get('short', 'br, gzip');
      await app.close();
      expect(response.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.json()).toEqual(short);
    });

    it('gives callers that arrive together before the first compression has ended the same compressed answer', async () => {
      const { app, get } = await serve();
      const answers = await Promise.all(Array.from({ length: 5 }, () => get('long', 'br')));
      await app.close();
      for (const answer of answers) {
        expect(answer.headers['content-encoding']).toBe('br');
        expect(JSON.parse(zlib.brotliDecompressSync(answer.rawPayload).toString())).toEqual(long);
        expect(answer.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
      }
    });
  });
});
