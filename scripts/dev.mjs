// `npm run dev`: the API with reload on change, and Vite's dev server for the web app
// (which proxies /api and /idp to the API). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const children = [
  // The browser sees everything through Vite's origin (it proxies /api and /idp), so that is
  // the portal's public address, and the built-in provider's issuer, in development.
  spawn('npm', ['run', 'dev', '-w', '@ccap/api'], {
    cwd: root,
    stdio: 'inherit',
    env: { PUBLIC_URL: 'http://localhost:5173', ...process.env, NODE_ENV: 'development' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@ccap/web'], { cwd: root, stdio: 'inherit' }),
];
let exiting = false;
for (const child of children) {
  child.on('exit', (code) => {
    if (exiting) return;
    exiting = true;
    for (const other of children) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
}
