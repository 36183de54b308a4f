import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { S3BlobStoreConfig } from '../src/env';

export interface S3TestServer {
  /** A configuration for the store pointed at this server's bucket, under `prefix`. */
  config(prefix?: string): S3BlobStoreConfig;
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/** s3rver's built-in account. */
export const S3RVER_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

// Runs in the child: starts s3rver on a free loopback port, prints the port, and stops when
// the test process closes its stdin (or goes away).
const CHILD = `
const S3rver = require(process.argv[1]);
const server = new S3rver({
  address: '127.0.0.1', port: 0, silent: true, directory: process.argv[2],
  vhostBuckets: false, allowMismatchedSignatures: true, configureBuckets: [{ name: process.argv[3] }],
});
server.run().then((address) => console.log(JSON.stringify({ port: address.port })));
process.stdin.on('end', () => server.close().finally(() => process.exit(0)));
process.stdin.resume();
`;

/**
 * A real S3-compatible server (s3rver: S3's REST API over a temporary folder) in a child
 * process on a loopback port of its own, with one bucket. For tests only.
 *
 * Two quirks of s3rver shape how it is started. Its continuation tokens (listing past one
 * page) are DES-encrypted, which OpenSSL 3 only offers through its legacy provider, hence a
 * process of its own with `--openssl-legacy-provider`. And it leaves the trailing slash out
 * of the canonical path of bucket-level requests (`HEAD /bucket/`, `GET /bucket/?list-type=2`)
 * that the SDK signs with it, so signatures are not compared; the access key is still checked
 * (an unknown one is refused).
 */
export async function startS3TestServer(bucket = 'ccap-test'): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-s3rver-'));
  const s3rver = createRequire(import.meta.url).resolve('@20minutes/s3rver');
  const child: ChildProcess = spawn(
    process.execPath,
    ['--openssl-legacy-provider', '--no-deprecation', '-e', CHILD, s3rver, directory, bucket],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening: ${stderr}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    config: (prefix = '') => ({
      kind: 's3',
      bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      prefix,
      credentials: { ...S3RVER_KEYS },
      serverSideEncryption: undefined,
    }),
    close: async () => {
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
