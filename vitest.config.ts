import os from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

// The API suite runs twice over the same files: on embedded PGlite always, and on a real
// PostgreSQL server when DATABASE_URL is set (as CI does). Each test file gets a fresh schema.
const apiProject = (name: string, databaseUrl: string): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: 'apps/api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    env: { DATABASE_URL: databaseUrl },
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share a worker's modules rather than each importing the API afresh (ADR 043): each
    // file still builds its own app on its own database; nothing a file needs lives in a module.
    isolate: false,
  },
});

// eslint-disable-next-line no-restricted-properties -- the test runner's own configuration
const databaseUrl = process.env.DATABASE_URL ?? '';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one test file at a time on the 2-core
    // CI machine, while most API files spend their time waiting on a database, a child process
    // or a socket. One worker per core keeps both cores busy.
    maxWorkers: os.availableParallelism(),
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], environment: 'node' } },
      apiProject('api-pglite', ''),
      ...(databaseUrl ? [apiProject('api-postgres', databaseUrl)] : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
