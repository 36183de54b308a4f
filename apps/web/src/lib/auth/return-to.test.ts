import { describe, expect, it } from 'vitest';
import { loginPath, returnToFromState, safeReturnTo } from './return-to';

describe('return-to', () => {
  it('keeps paths inside the app and refuses other origins', () => {
    expect(safeReturnTo('/users/profile?tab=1#x')).toBe('/users/profile?tab=1#x');
    expect(safeReturnTo('//evil.example/')).toBeUndefined();
    expect(safeReturnTo('/\\evil.example')).toBeUndefined();
    expect(safeReturnTo('https://evil.example/')).toBeUndefined();
    expect(safeReturnTo(undefined)).toBeUndefined();
    expect(safeReturnTo('/%09/evil.example')).toBeUndefined();
    expect(safeReturnTo('/\t/evil.example')).toBeUndefined();
    expect(safeReturnTo('/%0a/evil.example')).toBeUndefined();
  });

  it('never returns to the sign-in, lock or sign-out pages', () => {
    expect(safeReturnTo('/auth/signed-out')).toBeUndefined();
    expect(safeReturnTo('/auth/boxed-lockscreen')).toBeUndefined();
    expect(safeReturnTo('/login?returnTo=%2Fx')).toBeUndefined();
    expect(safeReturnTo('/documents/7?x=%20y')).toBe('/documents/7?x=%20y');
  });

  it('falls back to /home when the sign-in state has no usable place', () => {
    expect(returnToFromState({ returnTo: '/dashboard' })).toBe('/dashboard');
    expect(returnToFromState({ returnTo: 'https://evil.example' })).toBe('/home');
    expect(returnToFromState(undefined)).toBe('/home');
    expect(loginPath('/a?b=c')).toBe('/login?returnTo=%2Fa%3Fb%3Dc');
  });
});
