import type { Problem } from '@ccap/contracts';

/** An API answer that was not a success, with the problem+json body when there was one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
  ) {
    super(problem?.detail ?? problem?.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

type TokenSource = () => string | undefined;
let accessToken: TokenSource = () => undefined;

/** The identity layer registers where the current access token comes from. */
export function setAccessTokenSource(source: TokenSource) {
  accessToken = source;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the portal API. Every request carries the bearer token when one exists. The answer
 * is typed by the shared contract; the server validates and serializes with the same zod
 * schemas, so the client does not ship zod in its first load just to check them again.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  const response = await fetch(`/api/${path.replace(/^\//, '')}`, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  const json: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    throw new ApiError(response.status, isProblem(json) ? json : undefined);
  }
  return json as T;
}

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'status' in value && 'title' in value;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
