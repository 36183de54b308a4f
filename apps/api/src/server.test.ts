import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from './env';

// The real server process (src/server.ts through tsx) on the embedded database: SIGTERM lets
// a request in flight finish, stops, closes the database cleanly, and logs as JSON lines with
// the request's id. A process-level test: it runs once, on the PGlite project.
const apiRoot = path.resolve(import.meta.dirname, '..');
let dataDir: string | undefined;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function startServer(dir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      // eslint-disable-next-line no-restricted-properties -- the child is configured through its environment, as in production
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: '',
      DEMO_DIRECTORY: 'false',
      DEMO_ACCOUNTS: 'false',
      TILE_URL: '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${lines.join('\n')}`)));
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      lines.push(line);
      const running = /is running at http:\/\/localhost:(\d+)/.exec(line);
      if (running) resolve(Number(running[1]));
    });
    child.stderr.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  });
  return { child, port, lines, exited };
}

it.runIf(loadConfig().database.kind === 'pglite')(
  'SIGTERM: the request in flight is answered, the process exits 0, and the database opens again',
  async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ccap-sigterm-'));
    const server = await startServer(dataDir);

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ providerBusinessName: 'Sunshine' });
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      `POST /api/Providers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: sigterm-test-1\r\nConnection: close\r\n\r\n` +
        body.slice(0, 10),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    socket.end(body.slice(10));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"count":0');
    expect(await server.exited).toBe(0);

    // Structured logs: JSON lines, the request's id on its lines, the shutdown said.
    const logs = server.lines
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // One line per request (ADR 041): the answered request with its id, address and status.
    expect(logs.filter((entry) => entry.reqId === 'sigterm-test-1')).toContainEqual(
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'POST', url: '/api/Providers' }) as unknown,
        res: { statusCode: 200 },
      }),
    );
    expect(logs.some((entry) => entry.msg === 'SIGTERM received, shutting down')).toBe(true);

    // Closed cleanly: the same data folder opens again.
    const again = await startServer(dataDir);
    const health = await fetch(`http://127.0.0.1:${again.port}/api/health`);
    expect(health.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  },
  120_000,
);
