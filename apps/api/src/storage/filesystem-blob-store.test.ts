import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobNotFoundError, InvalidBlobKeyError, type BlobStore } from './blob-store';
import { createFileSystemBlobStore } from './filesystem-blob-store';

let root: string;
let store: BlobStore;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-blob-store-'));
  store = await createFileSystemBlobStore(path.join(root, 'blobs'));
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const stage = async (content: string) => {
  const file = path.join(store.stagingDir, `${Math.random().toString(36).slice(2)}.part`);
  await fs.writeFile(file, content);
  return file;
};

describe('filesystem blob store', () => {
  it('moves a staged file under its key, reads it back, lists and deletes it', async () => {
    const staged = await stage('hello');
    await store.putStaged('applications/1/abc-w9.pdf', staged);
    await expect(fs.access(staged)).rejects.toThrow();
    expect(await text(await store.read('applications/1/abc-w9.pdf'))).toBe('hello');
    const keys = [];
    for await (const entry of store.list()) keys.push(entry.key);
    expect(keys).toEqual(['applications/1/abc-w9.pdf']);
    await store.delete('applications/1/abc-w9.pdf');
    await store.delete('applications/1/abc-w9.pdf');
    await expect(store.read('applications/1/abc-w9.pdf')).rejects.toThrow(BlobNotFoundError);
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
    await expect(store.putStaged('applications/2/x.pdf', outside)).rejects.toThrow(InvalidBlobKeyError);
    await expect(fs.readdir(root)).resolves.toEqual(expect.arrayContaining(['blobs', 'outside.txt']));
  });
});
