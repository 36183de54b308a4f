import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { englishLabels, HttpProblem, type ProblemDetailKey } from './problem';

/** Deeper than any payload of the contract (the application JSON is a string field). */
export const MAX_JSON_DEPTH = 32;

type Problem = 'nul' | 'surrogate' | 'depth';
type Found = { problem: Problem; path: string; message: string; detail: ProblemDetailKey } | undefined;

/** What is wrong with the value, under `problemDetails` (the message: its English text). */
const DETAILS = {
  nul: 'unstorableNul',
  surrogate: 'unstorableSurrogate',
  depth: 'unstorableDepth',
} as const satisfies Record<Problem, ProblemDetailKey>;
const found = (problem: Problem, path: string): Found => ({
  problem,
  path,
  detail: DETAILS[problem],
  message: englishLabels.t(`problemDetails.${DETAILS[problem]}`, { depth: MAX_JSON_DEPTH }),
});

/** A UTF-16 half without its other half: PostgreSQL's JSON refuses its `\ud800` escape. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const textProblem = (text: string): Problem | undefined =>
  text.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(text) ? 'surrogate' : undefined;

/**
 * The first place in a parsed JSON value that PostgreSQL cannot store or that nests absurdly
 * deep. Walks without recursion, so a nesting bomb cannot overflow the stack here.
 */
export function findUnstorable(root: unknown): Found {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return found(problem, path);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) return found('depth', path);
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      const problem = textProblem(key);
      if (problem) return found(problem, childPath);
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return undefined;
}

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * The first number in a JSON text that reads back as another value: beyond the largest double
 * (`1e400`), an integer past 2^53 that rounds (`9007199254740993`) or a fraction that underflows
 * to 0 (`1e-400`). Strings are skipped; the text is known to be valid JSON.
 */
export function findInexactNumber(text: string): string | undefined {
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      continue;
    }
    if (char !== '-' && (char < '0' || char > '9')) continue;
    NUMBER.lastIndex = i;
    const token = NUMBER.exec(text)?.[0];
    if (!token) continue;
    const value = Number(token);
    const mantissaNonZero = /[1-9]/.test(token.split(/[eE]/)[0]!);
    if (!Number.isFinite(value) || (Number.isInteger(value) && !Number.isSafeInteger(value))) return token;
    if (value === 0 && mantissaNonZero) return token;
    i += token.length - 1;
  }
  return undefined;
}

const PART_LABEL = { body: 'partBody', query: 'partQuery', params: 'partParams' } as const;

/**
 * Text PostgreSQL cannot store (the NUL character) and absurdly nested JSON are refused up
 * front, for every route, with a 400 naming the field: never a database error turned 500.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it has nothing to wait for, and every call passes here.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of ['params', 'query', 'body'] as const) {
      const unstorable = findUnstorable(request[part]);
      if (!unstorable) continue;
      done(
        new HttpProblem(400, 'unstorableValue', {
          values: {
            part: (labels) => labels.t(`problemDetails.${PART_LABEL[part]}`),
            path: unstorable.path || part,
            reason: (labels) => labels.t(`problemDetails.${unstorable.detail}`, { depth: MAX_JSON_DEPTH }),
          },
          type: 'urn:ccap:problem:validation',
          errors: [{ path: unstorable.path, message: unstorable.message }],
        }),
      );
      return;
    }
    done();
  });
});
