import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, TEST_DATA_KEY } from './env';

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
      const config = loadConfig({ ...env, DATA_KEY: TEST_DATA_KEY, DEMO_ACCOUNTS: 'true', DEV_MAIL_VIEW: 'true' });
      expect(config.demoAccounts).toBe(false);
      expect(config.devMailView).toBe(false);
    }
  });

  it('switches to an external provider by configuration alone', () => {
    const config = loadConfig({
      OIDC_ISSUER: 'https://login.example.gov/',
      OIDC_CLIENT_ID: 'portal',
      DATA_KEY: TEST_DATA_KEY,
    });
    expect(config.identity).toEqual({
      kind: 'external',
      issuer: 'https://login.example.gov',
      clientId: 'portal',
      audience: 'portal',
      scope: 'openid profile email',
    });
  });

  it('keeps the data key in the data folder on the embedded default, and requires DATA_KEY elsewhere', () => {
    expect(loadConfig({ DATA_DIR: '/srv/ccap' }).dataKeys).toEqual({ kind: 'file', file: '/srv/ccap/data-keys.json' });
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/portal' })).toThrow(/DATA_KEY: required/);
    const other = Buffer.alloc(32, 9).toString('base64');
    const config = loadConfig({
      DATABASE_URL: 'postgres://db/portal',
      DATA_KEY: TEST_DATA_KEY,
      DATA_KEY_VERSION: '3',
      DATA_KEY_PREVIOUS: `2:${other}`,
    });
    expect(config.dataKeys).toEqual({
      kind: 'configured',
      keyring: {
        current: 3,
        keys: new Map([
          [2, Buffer.from(other, 'base64')],
          [3, Buffer.from(TEST_DATA_KEY, 'base64')],
        ]),
      },
    });
    expect(() => loadConfig({ DATA_KEY: 'c2hvcnQ=' })).toThrow(/DATA_KEY: must be base64 of 32 random bytes/);
    expect(() => loadConfig({ DATA_KEY: TEST_DATA_KEY, DATA_KEY_PREVIOUS: 'nonsense' })).toThrow(/DATA_KEY_PREVIOUS/);
    expect(() => loadConfig({ DATA_KEY: TEST_DATA_KEY, DATA_KEY_PREVIOUS: `1:${other}` })).toThrow(
      /must not hold DATA_KEY_VERSION/,
    );
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

  it('moves the program clock only outside production (ADR 106)', () => {
    expect(loadConfig({}).clockOffsetDays).toBe(0);
    expect(loadConfig({ NODE_ENV: 'development', CLOCK_OFFSET_DAYS: '800' }).clockOffsetDays).toBe(800);
    expect(() => loadConfig({ NODE_ENV: 'production', CLOCK_OFFSET_DAYS: '800' })).toThrow(
      /CLOCK_OFFSET_DAYS: not allowed in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', CLOCK_OFFSET_DAYS: '1.5' })).toThrow(/CLOCK_OFFSET_DAYS/);
  });

  it('keeps documents under the data folder, 15 MB at most, unscanned, unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/srv/portal' }).documents).toEqual({
      maxUploadBytes: 15 * 1024 * 1024,
      blobDir: '/srv/portal/blobs',
      store: { kind: 'filesystem' },
      clamd: undefined,
    });
    const config = loadConfig({ BLOB_DIR: '/mnt/files', UPLOAD_MAX_BYTES: '1048576', CLAMD_URL: 'tcp://[::1]:3310' });
    expect(config.documents).toEqual({
      maxUploadBytes: 1048576,
      blobDir: '/mnt/files',
      store: { kind: 'filesystem' },
      clamd: { host: '::1', port: 3310 },
    });
    expect(loadConfig({ CLAMD_URL: 'unix:///run/clamav/clamd.ctl' }).documents.clamd).toEqual({
      socketPath: '/run/clamav/clamd.ctl',
    });
    for (const bad of ['http://clamav:3310', 'tcp://clamav', 'clamav:3310', 'unix:///']) {
      expect(() => loadConfig({ CLAMD_URL: bad })).toThrow(/CLAMD_URL: must be tcp:\/\/host:port/);
    }
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '15MB' })).toThrow(/UPLOAD_MAX_BYTES/);
  });

  it('switches documents to an S3-compatible bucket by configuration, credentials from the SDK chain unless given', () => {
    const minimal = loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'portal-documents' }).documents.store;
    expect(minimal).toEqual({
      kind: 's3',
      bucket: 'portal-documents',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      prefix: '',
      credentials: undefined,
      serverSideEncryption: undefined,
    });
    const minio = loadConfig({
      BLOB_STORE: 's3',
      S3_BUCKET: 'portal',
      S3_REGION: 'eu-central-1',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: '/ccap/documents/',
      S3_SSE: 'aws:kms',
      S3_SSE_KMS_KEY_ID: 'alias/portal',
      AWS_ACCESS_KEY_ID: 'portal',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: '',
    }).documents.store;
    expect(minio).toEqual({
      kind: 's3',
      bucket: 'portal',
      region: 'eu-central-1',
      endpoint: 'http://minio:9000',
      forcePathStyle: true,
      prefix: 'ccap/documents/',
      credentials: { accessKeyId: 'portal', secretAccessKey: 'secret' },
      serverSideEncryption: { algorithm: 'aws:kms', kmsKeyId: 'alias/portal' },
    });
    // S3 settings alone change nothing: the filesystem stays the default.
    expect(loadConfig({ S3_BUCKET: 'portal' }).documents.store).toEqual({ kind: 'filesystem' });
  });

  it('names each S3 setting that cannot work', () => {
    expect(() => loadConfig({ BLOB_STORE: 's3' })).toThrow(/S3_BUCKET: required when BLOB_STORE is s3/);
    expect(() => loadConfig({ BLOB_STORE: 'nfs' })).toThrow(/BLOB_STORE/);
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be a valid/);
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'portal', S3_PREFIX: '../up' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'portal', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'portal', S3_SSE: 'yes' })).toThrow(/S3_SSE/);
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'portal', AWS_ACCESS_KEY_ID: 'only-half' })).toThrow(
      /AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together/,
    );
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'portal', S3_SSE_KMS_KEY_ID: 'alias/x' })).toThrow(
      /S3_SSE_KMS_KEY_ID: only with S3_SSE=aws:kms/,
    );
  });
});
