/**
 * One job-queue worker in a process of its own, for the crash test: argv[2] is JSON
 * `{ connectionString, schema }`. Its one job announces itself over IPC and never finishes;
 * the test SIGKILLs the process while the job is in hand.
 */
import { startJobQueue } from '../src/jobs/job-queue';

const options = JSON.parse(process.argv[2] ?? '{}') as { connectionString: string; schema: string };
const log = { info: () => undefined, warn: () => undefined, error: (...args: unknown[]) => console.error(...args) };
await startJobQueue({
  ...options,
  log,
  tickMs: 200,
  pollingIntervalSeconds: 0.5,
  jobs: [
    {
      name: 'crashy',
      everySeconds: 3600,
      expireInSeconds: 2,
      run: () => {
        process.send?.('claimed');
        return new Promise<void>(() => undefined);
      },
    },
  ],
});
