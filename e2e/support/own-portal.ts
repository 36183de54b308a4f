import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOG_DIR } from './env';

const SERVER = path.resolve(import.meta.dirname, '../../apps/api/dist/server.js');

/**
 * A portal of one test's own (ADR 106): the built server on its own port and data folder, started
 * again as often as the test likes with its clock moved (CLOCK_OFFSET_DAYS, honoured outside
 * production only). The data folder outlives the restarts, so what was done before a move in time
 * is there after it.
 */
export interface OwnPortal {
  readonly url: string;
  /** Starts the portal with its clock `offsetDays` ahead (stopping it first if it runs). */
  start(offsetDays: number): Promise<void>;
  stop(): Promise<void>;
  /** Stops the portal and removes its data folder. */
  dispose(): Promise<void>;
}

export function ownPortal(name: string, port: number): OwnPortal {
  const url = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ccap-e2e-${name}-`));
  let child: ChildProcess | undefined;

  const stop = async () => {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };

  const start = async (offsetDays: number) => {
    await stop();
    // One log file per start, in the run's log folder, which the global teardown reads for secrets.
    const log = fs.openSync(path.join(LOG_DIR, `${name}-${offsetDays}.log`), 'a');
    const started = spawn(process.execPath, [SERVER], {
      stdio: ['ignore', log, log],
      env: {
        // Not production: only there is a moved clock refused.
        NODE_ENV: 'development',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        TILE_URL: '',
        DEMO_DIRECTORY: 'false',
        LOG_LEVEL: 'trace',
        RATE_LIMIT_SIGN_IN: '1000',
        RATE_LIMIT_REGISTER: '1000',
        RATE_LIMIT_SEARCH: '1000',
        CLOCK_OFFSET_DAYS: String(offsetDays),
      },
    });
    child = started;
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (started.exitCode !== null) throw new Error(`the portal ${name} exited with ${started.exitCode}`);
      const healthy = await fetch(`${url}/api/health`)
        .then((response) => response.ok)
        .catch(() => false);
      if (healthy) return;
      if (Date.now() > deadline) throw new Error(`the portal ${name} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  return {
    url,
    start,
    stop,
    dispose: async () => {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
