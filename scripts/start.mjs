// `npm start`: builds what is not built, then runs the whole product in one process
// (migrations run at start-up). `node scripts/start.mjs migrate` only migrates;
// `node scripts/start.mjs admin …` runs the staff-role CLI; `… providers-import <file>` loads the
// licensing export (npm run providers:import); `… backup [file]` / `… restore <file>` (npm run
// db:backup / db:restore); `… build` only builds.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale, root } from './lib.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Node.js ${process.versions.node} is too old: the portal needs Node.js 20.19 or newer.`);
  process.exit(1);
}

await buildIfStale();
if (process.argv[2] === 'build') process.exit(0);

// Run the server in this process, so Ctrl-C and SIGTERM reach its graceful shutdown directly.
process.setSourceMapsEnabled(true);
const command = process.argv[2];
const entry = ['migrate', 'admin', 'providers-import', 'backup', 'restore'].includes(command)
  ? `${command}.js`
  : 'server.js';
await import(pathToFileURL(path.join(root, 'apps/api/dist', entry)).href);
