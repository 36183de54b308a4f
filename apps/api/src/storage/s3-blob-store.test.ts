import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError } from './blob-store';
import { BlobStoreUnavailableError, createS3BlobStore } from './s3-blob-store';
import { startS3TestServer, type S3TestServer } from '../../test/s3-test-server';

// What only the S3 adapter has: a prefix shared with others, multipart uploads, encryption
// headers, and the start-up check. blob-store.test.ts holds what every adapter promises.

let server: S3TestServer;
let root: string;
let raw: S3Client;
beforeAll(async () => {
  server = await startS3TestServer();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-s3-store-'));
  const { region, endpoint, forcePathStyle, credentials } = server.config();
  raw = new S3Client({ region, endpoint, forcePathStyle, credentials });
});
afterAll(async () => {
  raw.destroy();
  await server.close();
  await fs.rm(root, { recursive: true, force: true });
});

const storeAt = (prefix: string, overrides: Partial<Parameters<typeof createS3BlobStore>[0]> = {}) =>
  createS3BlobStore({ ...server.config(prefix), stagingDir: path.join(root, 'staging'), ...overrides });
const stage = async (dir: string, content: Buffer | string) => {
  const file = path.join(dir, `${randomBytes(8).toString('hex')}.part`);
  await fs.writeFile(file, content);
  return file;
};
const keysOf = async (store: Awaited<ReturnType<typeof createS3BlobStore>>) => {
  const keys = [];
  for await (const entry of store.list()) keys.push(entry.key);
  return keys.sort();
};

interface SeenRequest {
  method: string;
  path: string;
  /** The query without the SDK's own `x-id` marker. */
  query: string;
  headers: http.IncomingHttpHeaders;
  length: number;
}

/**
 * A relay in front of the real server that records each request the store sends (s3rver
 * keeps no encryption headers, and gives a multipart object a plain ETag).
 */
async function recordingRelay() {
  const seen: SeenRequest[] = [];
  const upstream = new URL(server.endpoint);
  const relay = http.createServer((request, response) => {
    const url = new URL(request.url!, 'http://relay');
    url.searchParams.delete('x-id');
    const record: SeenRequest = {
      method: request.method!,
      path: decodeURIComponent(url.pathname),
      query: url.searchParams.toString().replace(/=(&|$)/g, '$1'),
      headers: request.headers,
      length: 0,
    };
    seen.push(record);
    request.on('data', (chunk: Buffer) => (record.length += chunk.length));
    const forward = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(response);
      },
    );
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    seen,
    endpoint: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`,
    close: async () => {
      relay.closeAllConnections();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}

describe('S3 blob store', () => {
  it('keeps its objects under its prefix and lists only its own, so the sweep never touches others', async () => {
    const portal = await storeAt('portal/');
    const other = await storeAt('other-app/');
    await portal.putStaged('documents/1/w9.pdf', await stage(portal.stagingDir, 'mine'));
    await other.putStaged('documents/1/w9.pdf', await stage(other.stagingDir, 'theirs'));
    // Objects someone else put under the prefix, with names the portal never makes.
    for (const Key of ['portal/folder/', 'portal/.hidden', 'portal/documents/9/with space.pdf', 'outside.txt']) {
      await raw.send(new PutObjectCommand({ Bucket: server.bucket, Key, Body: 'x' }));
    }

    const all = await raw.send(new ListObjectsV2Command({ Bucket: server.bucket }));
    expect(all.Contents?.map((object) => object.Key)).toContain('portal/documents/1/w9.pdf');
    expect(await keysOf(portal)).toEqual(['documents/1/w9.pdf']);
    expect(await keysOf(other)).toEqual(['documents/1/w9.pdf']);
    expect((await (await portal.read('documents/1/w9.pdf')).toArray()).join('')).toBe('mine');

    await portal.delete('documents/1/w9.pdf');
    await expect(portal.read('documents/1/w9.pdf')).rejects.toThrow(BlobNotFoundError);
    expect((await (await other.read('documents/1/w9.pdf')).toArray()).join('')).toBe('theirs');
  });

  it('sends a file larger than one part as a multipart upload in 5 MB parts, and leaves nothing in staging', async () => {
    const relay = await recordingRelay();
    try {
      const store = await storeAt('multipart/', { endpoint: relay.endpoint });
      const bytes = randomBytes(11 * 1024 * 1024);
      await store.putStaged('documents/2/large.pdf', await stage(store.stagingDir, bytes));
      const key = `/${server.bucket}/multipart/documents/2/large.pdf`;
      const calls = relay.seen.filter((request) => request.path === key);
      expect(calls.map((request) => `${request.method} ${request.query}`)).toEqual([
        'POST uploads',
        ...[1, 2, 3].map(() => expect.stringMatching(/^PUT partNumber=[123]&uploadId=/)),
        expect.stringMatching(/^POST uploadId=/),
      ]);
      const parts = calls.filter((request) => request.method === 'PUT').map((request) => request.length);
      expect(parts.sort((a, b) => a - b)).toEqual([1, 5, 5].map((mb) => mb * 1024 * 1024));
      const head = await raw.send(
        new HeadObjectCommand({ Bucket: server.bucket, Key: key.split('/').slice(2).join('/') }),
      );
      expect(head.ContentLength).toBe(bytes.length);
      expect(await fs.readdir(store.stagingDir)).toEqual([]);
    } finally {
      await relay.close();
    }
  });

  it('asks for server-side encryption on every upload, single and multipart', async () => {
    const relay = await recordingRelay();
    try {
      const store = await storeAt('encrypted/', {
        endpoint: relay.endpoint,
        serverSideEncryption: { algorithm: 'aws:kms', kmsKeyId: 'alias/portal-documents' },
      });
      await store.putStaged('documents/3/small.pdf', await stage(store.stagingDir, 'small'));
      await store.putStaged('documents/3/large.pdf', await stage(store.stagingDir, randomBytes(6 * 1024 * 1024)));
      const creating = relay.seen.filter(
        (request) => (request.method === 'PUT' && !request.query.includes('uploadId=')) || request.query === 'uploads',
      );
      expect(creating.map((request) => request.path)).toEqual([
        `/${server.bucket}/encrypted/documents/3/small.pdf`,
        `/${server.bucket}/encrypted/documents/3/large.pdf`,
      ]);
      for (const request of creating) {
        expect(request.headers).toMatchObject({
          'x-amz-server-side-encryption': 'aws:kms',
          'x-amz-server-side-encryption-aws-kms-key-id': 'alias/portal-documents',
        });
      }
    } finally {
      await relay.close();
    }
  });

  it('asks for S3-managed encryption (S3_SSE=AES256) without a key id', async () => {
    const relay = await recordingRelay();
    try {
      const store = await storeAt('aes/', { endpoint: relay.endpoint, serverSideEncryption: { algorithm: 'AES256' } });
      await store.putStaged('documents/4/small.pdf', await stage(store.stagingDir, 'small'));
      const put = relay.seen.find((request) => request.method === 'PUT');
      expect(put?.headers['x-amz-server-side-encryption']).toBe('AES256');
      expect(put?.headers).not.toHaveProperty('x-amz-server-side-encryption-aws-kms-key-id');
    } finally {
      await relay.close();
    }
  });

  it('refuses to start, naming the cause, when the bucket cannot be used', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));

    await expect(storeAt('', { endpoint: `http://127.0.0.1:${deadPort}` })).rejects.toThrow(
      new RegExp(`S3 bucket "${server.bucket}" at http://127\\.0\\.0\\.1:${deadPort} is not reachable: ECONNREFUSED`),
    );
    await expect(storeAt('', { bucket: 'no-such-bucket' })).rejects.toThrow(
      /bucket "no-such-bucket" .* is not reachable: the bucket does not exist/,
    );
    await expect(
      storeAt('', { credentials: { accessKeyId: 'SOMEONE-ELSE', secretAccessKey: 'wrong' } }),
    ).rejects.toThrow(BlobStoreUnavailableError);
    await expect(
      storeAt('', { credentials: { accessKeyId: 'SOMEONE-ELSE', secretAccessKey: 'wrong' } }),
    ).rejects.toThrow(/access denied: check the credentials/);
  });
});
