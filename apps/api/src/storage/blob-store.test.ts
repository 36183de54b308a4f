import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, InvalidBlobKeyError, type BlobStore } from './blob-store';
import { createFileSystemBlobStore } from './filesystem-blob-store';
import { createS3BlobStore } from './s3-blob-store';
import { startS3TestServer } from '../../test/s3-test-server';

/**
 * What every blob store promises the documents feature, run against each adapter: the
 * filesystem one, and the S3 one against a real S3-compatible server on a loopback port.
 */
interface Adapter {
  name: string;
  create: (root: string) => Promise<{ store: BlobStore; close: () => Promise<void> }>;
}

const adapters: Adapter[] = [
  {
    name: 'filesystem',
    create: async (root) => ({
      store: await createFileSystemBlobStore(path.join(root, 'blobs')),
      close: async () => {},
    }),
  },
  {
    name: 's3',
    create: async (root) => {
      const server = await startS3TestServer();
      // A prefix, and pages of two keys, so listing is exercised across pages and under a folder.
      const config = server.config('portal/');
      const store = await createS3BlobStore({ ...config, stagingDir: path.join(root, 'staging'), listPageSize: 2 });
      return { store, close: () => server.close() };
    },
  },
];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe.each(adapters)('$name blob store', (adapter) => {
  let root: string;
  let store: BlobStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-blob-contract-'));
    ({ store, close } = await adapter.create(root));
  });
  afterAll(async () => {
    await close();
    await fs.rm(root, { recursive: true, force: true });
  });

  const stage = async (content: Buffer | string) => {
    const file = path.join(store.stagingDir, `${randomBytes(8).toString('hex')}.part`);
    await fs.writeFile(file, content);
    return file;
  };
  const keys = async () => {
    const found = [];
    for await (const entry of store.list()) found.push(entry.key);
    return found.sort();
  };

  it('takes a staged file out of staging, reads it back, lists it with its time, deletes it twice', async () => {
    const before = Date.now();
    const staged = await stage('hello');
    await store.putStaged('documents/1/abc-w9.pdf', staged);
    await expect(fs.access(staged)).rejects.toThrow();
    expect(await fs.readdir(store.stagingDir)).toEqual([]);
    expect((await buffer(await store.read('documents/1/abc-w9.pdf'))).toString()).toBe('hello');

    const listed = [];
    for await (const entry of store.list()) listed.push(entry);
    expect(listed).toEqual([{ key: 'documents/1/abc-w9.pdf', storedAt: expect.any(Date) }]);
    // S3 keeps LastModified to the second.
    expect(listed[0]!.storedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(listed[0]!.storedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    await store.delete('documents/1/abc-w9.pdf');
    await store.delete('documents/1/abc-w9.pdf');
    await expect(store.read('documents/1/abc-w9.pdf')).rejects.toThrow(BlobNotFoundError);
    expect(await keys()).toEqual([]);
  });

  it('answers BlobNotFoundError for a key that never held anything', async () => {
    await expect(store.read('documents/404/nothing.pdf')).rejects.toThrow(BlobNotFoundError);
  });

  it('round-trips an empty file and a 12 MB file (several upload parts on S3) byte for byte', async () => {
    const large = randomBytes(12 * 1024 * 1024 + 7);
    for (const [key, bytes] of [
      ['documents/2/empty.pdf', Buffer.alloc(0)],
      ['documents/2/large.pdf', large],
    ] as const) {
      await store.putStaged(key, await stage(bytes));
      const back = await buffer(await store.read(key));
      expect(back.length).toBe(bytes.length);
      expect(sha256(back)).toBe(sha256(bytes));
    }
    await store.delete('documents/2/empty.pdf');
    await store.delete('documents/2/large.pdf');
  });

  it('streams a read: the file arrives in many small chunks, never as one buffer', async () => {
    const bytes = randomBytes(6 * 1024 * 1024);
    await store.putStaged('documents/2/streamed.pdf', await stage(bytes));
    const chunks: number[] = [];
    const hash = createHash('sha256');
    for await (const chunk of await store.read('documents/2/streamed.pdf')) {
      chunks.push((chunk as Buffer).length);
      hash.update(chunk as Buffer);
    }
    expect(hash.digest('hex')).toBe(sha256(bytes));
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks)).toBeLessThanOrEqual(1024 * 1024);
    await store.delete('documents/2/streamed.pdf');
  });

  it('replaces what a key held when the same key is stored again', async () => {
    await store.putStaged('documents/3/a.pdf', await stage('first'));
    await store.putStaged('documents/3/a.pdf', await stage('second'));
    expect((await buffer(await store.read('documents/3/a.pdf'))).toString()).toBe('second');
    expect(await keys()).toEqual(['documents/3/a.pdf']);
    await store.delete('documents/3/a.pdf');
  });

  it('lists every key across pages, nested folders included, and nothing from staging', async () => {
    const stored = ['documents/4/a.pdf', 'documents/4/b.png', 'documents/5/c.pdf', 'documents/50/d.pdf', 'top.txt'];
    for (const key of stored) await store.putStaged(key, await stage(key));
    const leftInStaging = await stage('an upload still being received');
    expect(await keys()).toEqual(stored);
    for (const key of stored) await store.delete(key);
    expect(await keys()).toEqual([]);
    await fs.rm(leftInStaging);
  });

  it('refuses keys that could leave the store or hide a file, and files from outside staging', async () => {
    const staged = await stage('x');
    for (const key of ['../escape', 'a/../../escape', '/etc/passwd', '.staging/x', 'a//b', 'a\\b', '', 'a/.hidden']) {
      await expect(store.putStaged(key, staged)).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.read(key)).rejects.toThrow(InvalidBlobKeyError);
      await expect(store.delete(key)).rejects.toThrow(InvalidBlobKeyError);
    }
    const outside = path.join(root, 'outside.txt');
    await fs.writeFile(outside, 'x');
    await expect(store.putStaged('documents/6/x.pdf', outside)).rejects.toThrow(InvalidBlobKeyError);
    await expect(fs.readFile(outside, 'utf8')).resolves.toBe('x');
    await expect(store.read('documents/6/x.pdf')).rejects.toThrow(BlobNotFoundError);
    await fs.rm(staged);
  });
});
