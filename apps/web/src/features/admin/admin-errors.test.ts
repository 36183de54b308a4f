import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { grantErrorOf, revokeErrorOf } from './admin-errors';

const t = ((key: string) => key) as TFunction;
const problem = (status: number, errors?: { path: string; message: string }[]) =>
  new ApiError(status, { type: 'about:blank', title: 'Problem', status, detail: 'English detail', errors });

describe('admin error messages', () => {
  it('pins a grant failure on the field it is about, translated', () => {
    expect(grantErrorOf(t, problem(404))).toEqual({ field: 'email', message: 'admin.errors.noUser' });
    expect(grantErrorOf(t, problem(400, [{ path: 'counties', message: 'Unknown county: Atlantis' }]))).toEqual({
      field: 'counties',
      message: 'admin.errors.unknownCounty',
    });
    expect(grantErrorOf(t, problem(400, [{ path: 'body.email', message: 'Invalid email' }]))).toEqual({
      field: 'email',
      message: 'validation.emailInvalid',
    });
    expect(grantErrorOf(t, problem(500))).toEqual({ field: 'form', message: 'admin.errors.generic' });
    expect(grantErrorOf(t, new TypeError('Failed to fetch'))).toEqual({ field: 'form', message: 'forms.networkError' });
  });

  it('never shows the API’s English detail for a revoke', () => {
    expect(revokeErrorOf(t, problem(400))).toBe('admin.errors.ownAdministrator');
    expect(revokeErrorOf(t, problem(404))).toBe('admin.errors.revokeNoUser');
    expect(revokeErrorOf(t, problem(403))).toBe('admin.errors.generic');
    expect(revokeErrorOf(t, new TypeError('Failed to fetch'))).toBe('forms.networkError');
  });
});
