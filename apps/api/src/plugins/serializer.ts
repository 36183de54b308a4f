import { promisify, isDeepStrictEqual } from 'node:util';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastJson from 'fast-json-stringify';
import { LRUCache } from 'lru-cache';
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

/** Smaller than this, an answer goes out as written: its compressed copy would save too little. */
export const COMPRESS_FROM_BYTES = 1024;

type Encoding = 'br' | 'gzip';
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Brotli quality 5: a 44 KB search answer in 3.4 KB for under a millisecond (quality 11: 2.8 KB, 87 ms). */
const compress: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) =>
    brotli(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => gzip(bytes, { level: 6 }),
};
/**
 * Brotli first, as browsers accept it. A browser sends one Accept-Encoding for all its calls,
 * so the answers are remembered, for a bounded number of distinct headers (each is a caller's).
 */
const encodings = new Negotiator<Encoding>({
  supportedValues: ['br', 'gzip'],
  cache: new LRUCache<string, string>({ max: 64 }),
});

/** Bytes of their own, exactly as long as the answer (see `answerWrittenOnce`). */
function ownBytes(bytes: Uint8Array): Buffer {
  const own = Buffer.allocUnsafeSlow(bytes.byteLength);
  own.set(bytes);
  return own;
}

interface Written {
  identity: Buffer;
  /** Compressed once, when a caller first accepts the encoding; a promise while it is under way. */
  br?: Buffer | Promise<Buffer>;
  gzip?: Buffer | Promise<Buffer>;
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
 *
 * An answer of `COMPRESS_FROM_BYTES` or more goes out brotli- or gzip-compressed to a caller
 * that accepts it (ADR 051), compressed once per value and encoding, off the event loop; the
 * answer always says it varies with Accept-Encoding. These answers are public data or the
 * caller's own, with no secret beside anything a caller can put in them (BREACH).
 */
export function answerWrittenOnce<Source extends object>() {
  const written = new WeakMap<Source, Written>();
  return (
    reply: FastifyReply,
    source: Source,
    build: (source: Source) => unknown,
  ): FastifyReply | Promise<FastifyReply> => {
    void reply.code(200).type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    let answer = written.get(source);
    if (answer === undefined) {
      // A route's serializer writes a string; Fastify's type allows bytes too.
      const text = reply.serialize(build(source));
      // Memory of its own: `Buffer.from` would take a small answer out of Node's shared 8 KB
      // pool, and a remembered answer would keep the whole block alive.
      let identity: Buffer;
      if (typeof text === 'string') {
        identity = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
        identity.write(text);
      } else identity = ownBytes(new Uint8Array(text));
      answer = { identity };
      written.set(source, answer);
    }
    const { identity } = answer;
    const accepted = identity.length < COMPRESS_FROM_BYTES ? undefined : reply.request.headers['accept-encoding'];
    const encoding = accepted ? encodings.negotiate(accepted) : null;
    if (encoding === null) return reply.send(identity);
    const compressed = (answer[encoding] ??= compress[encoding](identity).then(
      (bytes) => (answer[encoding] = ownBytes(bytes)),
      // Never expected; the caller then gets the answer as written, and the next one retries.
      () => ((answer[encoding] = undefined), identity),
    ));
    const send = (bytes: Buffer) =>
      bytes === identity ? reply.send(bytes) : reply.header('content-encoding', encoding).send(bytes);
    return compressed instanceof Promise ? compressed.then(send) : send(compressed);
  };
}
