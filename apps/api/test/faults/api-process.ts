import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { TestContext } from '../helpers';

const SERVER = path.resolve(import.meta.dirname, '../../src/server.ts');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/**
 * The real API server (src/server.ts through tsx) as a child process on the embedded database
 * in `dataDir`, the way `npm start` runs it; `stop` kills it with a signal of the test's choice.
 */
export async function startApiProcess(options: { dataDir: string; port: number }) {
  const publicUrl = `http://127.0.0.1:${options.port}`;
  const output: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      // eslint-disable-next-line no-restricted-properties -- the child needs the same PATH
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      WEB_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      DEMO_DIRECTORY: 'false',
      RATE_LIMIT_SIGN_IN: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited at start:\n${output.join('')}`);
    const healthy = await fetch(`${publicUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`the API did not become healthy:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    publicUrl,
    output,
    pid: child.pid!,
    async stop(signal: NodeJS.Signals) {
      child.kill(signal);
      return exited;
    },
  };
}

interface InjectOptions {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: unknown;
}

/**
 * Enough of `app.inject` over real HTTP for the test helpers (sign-in, submit, upload) to drive
 * a server in another process.
 */
export function httpContext(publicUrl: string) {
  const inject = async ({ method = 'GET', url, headers = {}, payload }: InjectOptions) => {
    let body: string | Buffer | undefined;
    const sent = { ...headers };
    if (Buffer.isBuffer(payload) || typeof payload === 'string') body = payload;
    else if (payload !== undefined) {
      body = JSON.stringify(payload);
      sent['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${publicUrl}${url}`, { method, headers: sent, body, redirect: 'manual' });
    const rawPayload = Buffer.from(await response.arrayBuffer());
    const responseHeaders: Record<string, string | string[]> = Object.fromEntries(response.headers.entries());
    responseHeaders['set-cookie'] = response.headers.getSetCookie();
    return {
      statusCode: response.status,
      headers: responseHeaders,
      rawPayload,
      body: rawPayload.toString(),
      json: <T = unknown>() => JSON.parse(rawPayload.toString()) as T,
    };
  };
  return { app: { inject }, config: { publicUrl } } as unknown as TestContext;
}
