import type { Problem } from '@ccap/contracts';

/** An API answer that was not a success, with the problem+json body when there was one. */
export class ApiError extends Error {
  /**
   * How many seconds to wait before asking again (a 429 or a 503): the problem's
   * `retryAfterSeconds`, else the Retry-After header's delay; undefined when neither says.
   */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly status: number,
    readonly problem: Problem | undefined,
    retryAfterHeader?: string | null,
  ) {
    super(problem?.detail ?? problem?.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.retryAfterSeconds = problem?.retryAfterSeconds ?? retryAfterSecondsOf(retryAfterHeader);
  }
}

/** Retry-After as a delay in seconds (the API never sends the HTTP-date form). */
function retryAfterSecondsOf(header: string | null | undefined): number | undefined {
  return header && /^\d+$/.test(header.trim()) ? Number(header.trim()) : undefined;
}

/** The problem type of a failed call (`urn:ccap:problem:…`), when the server gave one. */
export function problemTypeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.problem?.type : undefined;
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
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>(`/api/${path.replace(/^\//, '')}`, options, accessToken());
}

/**
 * Calls the built-in identity provider's interaction endpoints under /idp. They work with
 * the sign-in attempt's cookie, not a bearer token: the user is not signed in yet.
 */
export function idpRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>(`/idp/${path.replace(/^\//, '')}`, options, undefined);
}

async function request<T>(url: string, options: RequestOptions, token: string | undefined): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...languageHeader() };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    credentials: 'same-origin',
  });
  const text = await response.text();
  const json: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) {
    throw new ApiError(response.status, isProblem(json) ? json : undefined, response.headers.get('retry-after'));
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

/**
 * The page's language (its `lang`, set by i18n to the locale's BCP 47 tag) as Accept-Language:
 * the API writes its problem details, and the identity provider its mails, in it.
 */
function languageHeader(): Record<string, string> {
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return lang ? { 'accept-language': lang } : {};
}

/** GETs a file from the API with the bearer token; a failure is an ApiError. */
async function fetchFile(path: string): Promise<Response> {
  const headers: Record<string, string> = { ...languageHeader() };
  const token = accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`/api/${path.replace(/^\//, '')}`, { headers, credentials: 'same-origin' });
  if (!response.ok) {
    const text = await response.text();
    const json = text ? safeJson(text) : undefined;
    throw new ApiError(response.status, isProblem(json) ? json : undefined, response.headers.get('retry-after'));
  }
  return response;
}

/** Fetches a file from the API with the bearer token, as a blob (to show it in the page). */
export async function apiBlob(path: string): Promise<Blob> {
  return (await fetchFile(path)).blob();
}

/**
 * Downloads a file from the API with the bearer token (a plain link cannot carry it) and
 * hands it to the browser as a download under the server's file name.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<void> {
  const response = await fetchFile(path);
  const name = fileNameOf(response.headers.get('content-disposition') ?? '') ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The file name a Content-Disposition header gives (RFC 6266): the extended `filename*`
 * (RFC 8187, percent-encoded UTF-8 or ISO-8859-1) when it decodes, else the plain `filename`,
 * whose ASCII is only a fallback (accents dropped, other letters `_`). Our own parser, not the
 * `content-disposition` package the API builds the header with: that one would be a new
 * dependency in the first load, and it throws on any flaw in the header, so one stray
 * parameter would cost even the ASCII name.
 */
export function fileNameOf(disposition: string): string | undefined {
  const parameters = new Map<string, string>();
  for (const [, key, value] of disposition.matchAll(/;\s*([^\s;=]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g)) {
    const name = key!.toLowerCase();
    const quoted = /^"(.*)"$/s.exec(value!);
    if (!parameters.has(name)) parameters.set(name, quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : value!.trim());
  }
  const extended = parameters.get('filename*');
  return (extended && decodeExtendedValue(extended)) || parameters.get('filename') || undefined;
}

/** `UTF-8''%E5%90%88.pdf` → `合.pdf`; undefined for another charset or broken percent-encoding. */
function decodeExtendedValue(value: string): string | undefined {
  const [, charset, encoded] = /^([^']*)'[^']*'(.*)$/s.exec(value) ?? [];
  if (encoded === undefined) return undefined;
  switch (charset!.toLowerCase()) {
    case 'utf-8':
      try {
        return decodeURIComponent(encoded);
      } catch {
        return undefined;
      }
    case 'iso-8859-1':
      return /%(?![0-9a-f]{2})/i.test(encoded)
        ? undefined
        : encoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    default:
      return undefined;
  }
}

/**
 * Sends a file as multipart/form-data with upload progress (fetch cannot report it), with the
 * bearer token. Resolves with the JSON answer; rejects with ApiError like apiRequest.
 */
export function apiUpload<T>(
  path: string,
  form: FormData,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/${path.replace(/^\//, '')}`);
    xhr.setRequestHeader('accept', 'application/json');
    const token = accessToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const json = xhr.responseText ? safeJson(xhr.responseText) : undefined;
      if (xhr.status >= 200 && xhr.status < 300) resolve(json as T);
      else reject(new ApiError(xhr.status, isProblem(json) ? json : undefined, xhr.getResponseHeader('retry-after')));
    };
    xhr.onerror = () => reject(new TypeError('Network error'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
