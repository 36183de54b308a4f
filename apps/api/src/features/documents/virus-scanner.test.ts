import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { documentProblemTypes } from '@ccap/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as files from '../../../test/document-files';
import { documentsOf, filesInStore, submitApplication, uploadMultipart } from '../../../test/documents-fixture';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { createUser, type TestUser } from '../../../test/identity';
import { storeDocumentFile } from './upload';
import { createClamdScanner, ScannerUnavailableError } from './virus-scanner';

const CLAMD = '/usr/sbin/clamd';

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let scratch: string;
beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-scan-'));
});
afterAll(async () => {
  await fs.rm(scratch, { recursive: true, force: true });
});

let fileCount = 0;
async function tempFile(bytes: Buffer) {
  const file = path.join(scratch, `upload-${fileCount++}.part`);
  await fs.writeFile(file, bytes);
  return file;
}

describe('the clamd client, against a stand-in daemon', () => {
  let server: net.Server;
  let port: number;
  let answer = 'stream: OK';
  let received = Buffer.alloc(0);
  beforeAll(async () => {
    server = net.createServer((socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => {
        chunks.push(chunk);
        const all = Buffer.concat(chunks);
        // Answer after the zero-length chunk that ends the stream.
        if (all.length >= 14 && all.subarray(-4).equals(Buffer.alloc(4))) {
          received = all;
          socket.end(`${answer}\0`);
        }
      });
    });
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends INSTREAM with length-prefixed chunks and reads the verdict', async () => {
    const bytes = Buffer.alloc(200_000, 7);
    const scanner = createClamdScanner({ host: '127.0.0.1', port });
    expect(await scanner.scan(await tempFile(bytes))).toEqual({ infected: false });
    expect(received.subarray(0, 10).toString()).toBe('zINSTREAM\0');
    // Unframe what was sent: it must be the file, then a zero length.
    const parts: Buffer[] = [];
    for (let at = 10; ;) {
      const length = received.readUInt32BE(at);
      if (length === 0) break;
      parts.push(received.subarray(at + 4, at + 4 + length));
      at += 4 + length;
    }
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);

    answer = 'stream: Win.Test.EICAR_HDB-1 FOUND';
    expect(await scanner.scan(await tempFile(Buffer.from('x')))).toEqual({
      infected: true,
      signature: 'Win.Test.EICAR_HDB-1',
    });
    answer = 'INSTREAM size limit exceeded. ERROR';
    await expect(scanner.scan(await tempFile(Buffer.from('x')))).rejects.toThrow(ScannerUnavailableError);
  });

  it('reports a daemon that is not there as unavailable, and the upload is refused with 503', async () => {
    const deadPort = await freePort();
    const scanner = createClamdScanner({ host: '127.0.0.1', port: deadPort });
    await expect(scanner.scan(await tempFile(Buffer.from('x')))).rejects.toThrow(ScannerUnavailableError);

    const ctx = await createTestApp({ documents: { clamd: { host: '127.0.0.1', port: deadPort } } });
    try {
      const owner = await createUser(ctx, 'Scanned Uploader');
      const applicationId = await submitApplication(ctx, owner);
      const [first] = await documentsOf(ctx, owner, applicationId);
      const response = await uploadMultipart(
        ctx,
        owner,
        { applicationId, documentId: first!.documentId },
        'a.pdf',
        files.pdf(),
      );
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('120');
      expect(await filesInStore(ctx)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});

const clamdMissing = !existsSync(CLAMD);
if (clamdMissing) {
  console.warn(`Skipping the ClamAV tests: ${CLAMD} is missing (install the Debian package clamav-daemon).`);
}

describe.skipIf(clamdMissing)(`with a real ClamAV daemon (${CLAMD}) holding only the EICAR signature`, () => {
  let dir: string;
  let daemon: ChildProcess;
  let ctx: TestContext;
  let owner: TestUser;
  let where: { applicationId: number; documentId: number };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-clamd-'));
    const port = await freePort();
    // A body signature of the whole EICAR string, anywhere in a file: no download needed.
    await fs.writeFile(path.join(dir, 'eicar.ndb'), `Eicar-Test-Signature:0:*:${files.eicar().toString('hex')}\n`);
    const config = path.join(dir, 'clamd.conf');
    await fs.writeFile(
      config,
      [
        'Foreground yes',
        `DatabaseDirectory ${dir}`,
        `TCPSocket ${port}`,
        'TCPAddr 127.0.0.1',
        `LogFile ${path.join(dir, 'clamd.log')}`,
        `PidFile ${path.join(dir, 'clamd.pid')}`,
        'StreamMaxLength 30M',
      ].join('\n'),
    );
    daemon = spawn(CLAMD, ['-c', config], { stdio: 'ignore' });
    const scanner = createClamdScanner({ host: '127.0.0.1', port }, { timeoutMs: 5_000 });
    const probe = await tempFile(Buffer.from('probe'));
    for (let attempt = 0; ; attempt++) {
      try {
        await scanner.scan(probe);
        break;
      } catch (error) {
        if (attempt > 100 || daemon.exitCode !== null) {
          const log = await fs.readFile(path.join(dir, 'clamd.log'), 'utf8').catch(() => '');
          throw new Error(`clamd did not start: ${(error as Error).message}\n${log}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
    ctx = await createTestApp({ documents: { clamd: { host: '127.0.0.1', port } } });
    owner = await createUser(ctx, 'Virus Tester');
    const applicationId = await submitApplication(ctx, owner);
    const [first] = await documentsOf(ctx, owner, applicationId);
    where = { applicationId, documentId: first!.documentId };
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    daemon?.kill('SIGTERM');
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('refuses EICAR with 422 and a clear message, storing nothing', async () => {
    const response = await uploadMultipart(ctx, owner, where, 'certificate.pdf', files.eicarPdf());
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      type: documentProblemTypes.infected,
      detail: expect.stringMatching(/virus scanner found a threat/),
    });
    expect(await filesInStore(ctx)).toEqual([]);
    expect((await documentsOf(ctx, owner, where.applicationId))[0]!.isUploaded).toBe(false);
  });

  it('logs the refusal as a warning with the signature', async () => {
    const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    const user = (await ctx.app.repositories.users.findById(owner.id))!;
    const attempt = storeDocumentFile(
      {
        blobs: ctx.app.blobs,
        scanner: createClamdScanner(ctx.config.documents.clamd!),
        documents: ctx.app.repositories.documents,
        maxUploadBytes: 1024 * 1024,
      },
      log,
      {
        source: Readable.from([files.eicarPdf()]),
        offeredName: 'x.pdf',
        documentId: where.documentId,
        user,
        requestId: 'test',
      },
    );
    await expect(attempt).rejects.toMatchObject({ status: 422 });
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ signature: 'Eicar-Test-Signature.UNOFFICIAL', userId: owner.id }),
      'infected upload refused',
    );
  });

  it('passes a clean file, and a bare EICAR text is refused by type before any scan', async () => {
    expect((await uploadMultipart(ctx, owner, where, 'clean.pdf', files.pdf())).statusCode).toBe(200);
    expect((await uploadMultipart(ctx, owner, where, 'eicar.com', files.eicar())).statusCode).toBe(415);
  });
});
