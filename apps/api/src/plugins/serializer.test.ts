import Fastify from 'fastify';
import { type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../env';
import { answerWrittenOnce, createResponseSerializerCompiler } from './serializer';

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
});
