import type { TFunction } from 'i18next';
import { http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { problem, unavailable } from '@/test/handlers';
import { server } from '@/test/server';
import { ApiError, apiRequest } from './api-client';
import { initI18n } from './i18n';
import { unavailableMessage } from './unavailable-message';

let t: TFunction;
beforeAll(async () => {
  t = (await initI18n('en')).t;
});

/** The API's 503 answers (plugins/problem.ts, ADR 038), as the web receives them. */
const busy = new ApiError(503, {
  type: 'urn:ccap:problem:database-busy',
  title: 'Service Unavailable',
  status: 503,
  detail: 'The service is busy; try again in a moment.',
  retryAfterSeconds: 2,
});

describe('the message for a 503', () => {
  it('says the service is busy or away, that nothing saved was lost, and when to try again', () => {
    expect(unavailableMessage(t, busy)).toBe(
      'The service is busy or temporarily unavailable. Nothing you had already saved was lost. ' +
        'Please try again in 2 seconds.',
    );
    const oneSecond = new ApiError(503, { type: 'about:blank', title: 'x', status: 503, retryAfterSeconds: 1 });
    expect(unavailableMessage(t, oneSecond)).toMatch(/try again in 1 second\.$/);
  });

  it('says "in a moment" when the answer names no delay', () => {
    expect(unavailableMessage(t, new ApiError(503, undefined))).toMatch(/Please try again in a moment\.$/);
  });

  it('leaves every other failure to the caller', () => {
    expect(unavailableMessage(t, new ApiError(500, undefined))).toBeUndefined();
    expect(unavailableMessage(t, new ApiError(429, undefined))).toBeUndefined();
    expect(unavailableMessage(t, new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('reads the delay from Retry-After when the problem does not carry it (the virus scanner)', async () => {
    server.use(
      http.post('*/api/scan', () => unavailable(120)),
      http.get('*/api/busy', () => problem(503, 'urn:ccap:problem:database-busy', { retryAfterSeconds: 2 })),
    );
    const scanner = await apiRequest('scan', { method: 'POST' }).catch((error: unknown) => error);
    expect(scanner).toBeInstanceOf(ApiError);
    expect((scanner as ApiError).retryAfterSeconds).toBe(120);
    expect(unavailableMessage(t, scanner)).toMatch(/try again in 120 seconds\.$/);
    const database = await apiRequest('busy').catch((error: unknown) => error);
    expect((database as ApiError).retryAfterSeconds).toBe(2);
  });
});
