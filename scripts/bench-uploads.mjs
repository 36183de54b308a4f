// Memory the API spends on one 15 MB upload, streamed (multipart) and as the spec's base64
// JSON (peak over the request, after a GC; buffers counts chunks released but not yet
// collected). The API runs in a child process (apps/api/test/bench-upload-server.ts) that measures
// itself; this process is only the client, so its buffers never count. Printed, never asserted.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { root } from './lib.mjs';

const SIZE = 15 * 1024 * 1024;
const mb = (bytes) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

function startServer() {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'apps/api/test/bench-upload-server.ts'], {
    cwd: root,
    // The embedded database in memory, whatever the caller's environment says.
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async () => {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error('the bench server stopped');
      if (value.startsWith('{') || value === 'marked') return value;
    }
  };
  const send = (command) => child.stdin.write(`${command}\n`);
  return { child, next, send };
}

/** A PDF of `size` bytes on disk, so the streaming client reads it as it sends. */
function writePdf(file, size) {
  const head = Buffer.from('%PDF-1.7\n%');
  const tail = Buffer.from('\n%%EOF\n');
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, head);
  const block = Buffer.alloc(1024 * 1024, 0x41);
  for (let left = size - head.length - tail.length; left > 0; left -= block.length) {
    fs.writeSync(fd, block, 0, Math.min(block.length, left));
  }
  fs.writeSync(fd, tail);
  fs.closeSync(fd);
}

function request({ port, token, method, urlPath, headers, body }) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      // A connection of its own, closed after the answer: nothing keeps the server from stopping.
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        headers: { authorization: `Bearer ${token}`, ...headers },
        agent: false,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    if (typeof body?.pipe === 'function') body.pipe(req);
    else req.end(body);
  });
}

async function multipart(session, file, documentId) {
  const boundary = `bench${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const { PassThrough } = await import('node:stream');
  const body = new PassThrough();
  body.write(head);
  fs.createReadStream(file)
    .on('end', () => body.end(tail))
    .pipe(body, { end: false });
  return request({
    ...session,
    method: 'POST',
    urlPath: `/api/Application/${session.applicationId}/documents/${documentId}/file`,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': Buffer.byteLength(head) + fs.statSync(file).size + Buffer.byteLength(tail),
    },
    body,
  });
}

function base64(session, file, documentId) {
  const json = JSON.stringify({
    applicationId: session.applicationId,
    documentId,
    documentName: 'bench.pdf',
    documentStream: fs.readFileSync(file).toString('base64'),
  });
  return request({
    ...session,
    method: 'POST',
    urlPath: '/api/Application/upload-documents',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) },
    body: json,
  });
}

export async function benchUploads() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccap-bench-'));
  const file = path.join(dir, 'bench.pdf');
  writePdf(file, SIZE);
  const server = startServer();
  try {
    const session = JSON.parse(await server.next());
    const rows = [];
    const cases = [
      ['multipart, streamed', multipart],
      ['base64 JSON (spec payload)', base64],
    ];
    for (const [index, [label, upload]] of cases.entries()) {
      server.send('mark');
      await server.next();
      const response = await upload(session, file, session.documentIds[index]);
      server.send('report');
      const used = JSON.parse(await server.next());
      if (response.status !== 200) throw new Error(`${label} answered ${response.status}: ${response.body}`);
      rows.push({
        part: 'Uploads',
        measure: `memory for one ${mb(SIZE)} upload, ${label}`,
        value: `RSS +${mb(used.rss)}, heap +${mb(used.heapUsed)}, buffers +${mb(used.arrayBuffers)}`,
      });
    }
    return rows;
  } finally {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.send('quit');
    const stop = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(stop);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
