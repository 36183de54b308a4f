import { describe, expect, it } from 'vitest';
import { loginPath, returnToFromState, safeReturnTo } from './return-to';

describe('return-to', () => {
  it('keeps paths inside the app and refuses other origins', () => {
    expect(safeReturnTo('/users/profile?tab=1#x')).toBe('/users/profile?tab=1#x');
    expect(safeReturnTo('//evil.example/')).toBeUndefined();
    expect(safeReturnTo('/\\evil.example')).toBeUndefined();
    expect(safeReturnTo('https://evil.example/')).toBeUndefined();
    expect(safeReturnTo(undefined)).toBeUndefined();
  });

  it('falls back to /home when the sign-in state has no usable place', () => {
    expect(returnToFromState({ returnTo: '/dashboard' })).toBe('/dashboard');
    expect(returnToFromState({ returnTo: 'https://evil.example' })).toBe('/home');
    expect(returnToFromState(undefined)).toBe('/home');
    expect(loginPath('/a?b=c')).toBe('/login?returnTo=%2Fa%3Fb%3Dc');
  });
});
