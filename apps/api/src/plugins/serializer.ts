import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

interface RouteSchema {
  schema: unknown;
  method: string;
  url: string;
  httpStatus?: string;
}
type Serializer = (data: unknown) => string;

const zodSchemaOf = (schema: unknown): z.ZodType | undefined => {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return properties instanceof z.ZodType ? properties : undefined;
};

/**
 * A response serializer compiled from the route's zod schema (ADR 041): fast-json-stringify
 * with the JSON Schema zod gives for it, which writes exactly the declared properties (an extra
 * field never leaves) without a full zod encode and JSON.stringify per answer. A schema JSON
 * Schema cannot express falls back to fastify-type-provider-zod's serializer.
 *
 * With `crossCheck` (the test suite), every answer is also serialized the zod way and the two
 * must parse to the same value, or the call fails: all API tests check the fast serializer
 * against the contract.
 */
export function createResponseSerializerCompiler({ crossCheck }: { crossCheck: boolean }) {
  return (routeSchema: RouteSchema): Serializer => {
    const bySchema = zodSerializerCompiler(routeSchema as never) as Serializer;
    const schema = zodSchemaOf(routeSchema.schema);
    if (!schema) return bySchema;
    // Compiled at the first answer of its kind, not at start: most routes' error schemas are
    // rarely used, and start-up time counts (several instances, restarts).
    let fast: Serializer | undefined;
    const compile = (): Serializer => {
      try {
        return fastJson(z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'throw' }) as never, {
          // Ajv only picks the branch of a union here; formats are the contract's to check
          // (zod's own, like starts_with, made Ajv log an "unknown format" line per schema).
          ajv: { validateFormats: false },
        });
      } catch {
        return bySchema;
      }
    };
    if (!crossCheck) return (data) => (fast ??= compile())(data);
    return (data) => {
      const expected = bySchema(data);
      const written = (fast ??= compile())(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `the fast serializer of ${routeSchema.method} ${routeSchema.url} wrote ${written}, the contract ${expected}`,
        );
      }
      return written;
    };
  };
}

/**
 * A 200 answer written once per `source` and sent again as written (ADR 047): a value a read
 * cache remembers (a search's providers, a dashboard's overview) is the same object on every
 * hit, so its JSON is too. `build` turns it into the payload; the route's own serializer writes
 * it, with its schema and, outside production, its cross-check. A value read afresh is a new
 * object and is written afresh; an entry goes with its value when the cache lets go of it.
 *
 * What is kept is the answer's UTF-8 bytes, not its text (ADR 048): a string is encoded again
 * at every write to the socket, and an answer with one character past Latin-1 (a name's
 * accent, a typographic apostrophe) is a two-byte string that costs the most to encode.
 */
export function answerWrittenOnce<Source extends object>() {
  const written = new WeakMap<Source, Buffer>();
  return (reply: FastifyReply, source: Source, build: (source: Source) => unknown): FastifyReply => {
    void reply.code(200);
    let body = written.get(source);
    if (body === undefined) {
      // A route's serializer writes a string; Fastify's type allows bytes too.
      const text = reply.serialize(build(source));
      if (typeof text === 'string') {
        // Memory of its own: `Buffer.from` would take a small answer out of Node's shared 8 KB
        // pool, and a remembered answer would keep the whole block alive.
        body = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
        body.write(text);
      } else body = Buffer.from(text as ArrayBuffer);
      written.set(source, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
}
