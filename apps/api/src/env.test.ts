import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env';

describe('configuration', () => {
  it('defaults to the embedded product: PGlite, built-in provider, demo accounts, mail view', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.database.kind).toBe('pglite');
    expect(config.identity).toMatchObject({
      kind: 'built-in',
      issuer: 'http://localhost:8080/idp',
      clientId: 'ccap-web',
    });
    expect(config.demoAccounts).toBe(true);
    expect(config.devMailView).toBe(true);
  });

  it('never seeds demo accounts or shows mail where real data may live', () => {
    for (const env of [
      { DATABASE_URL: 'postgres://db/portal' },
      { OIDC_ISSUER: 'https://login.example.gov', OIDC_CLIENT_ID: 'portal' },
    ]) {
      const config = loadConfig({ ...env, DEMO_ACCOUNTS: 'true', DEV_MAIL_VIEW: 'true' });
      expect(config.demoAccounts).toBe(false);
      expect(config.devMailView).toBe(false);
    }
  });

  it('switches to an external provider by configuration alone', () => {
    const config = loadConfig({ OIDC_ISSUER: 'https://login.example.gov/', OIDC_CLIENT_ID: 'portal' });
    expect(config.identity).toEqual({
      kind: 'external',
      issuer: 'https://login.example.gov',
      clientId: 'portal',
      audience: 'portal',
      scope: 'openid profile email',
    });
  });

  it('names every bad setting', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.gov' })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadConfig({ IDLE_TIMEOUT_SECONDS: '120', IDLE_WARNING_SECONDS: '300' })).toThrow(
      /IDLE_WARNING_SECONDS/,
    );
  });
});
