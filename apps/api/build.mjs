// Bundles the API into dist/ for `npm start`: workspace packages (the shared contracts)
// are inlined, every npm dependency stays external and is loaded from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@ccap/'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    migrate: 'src/cli/migrate.ts',
    admin: 'src/cli/admin.ts',
    'providers-import': 'src/cli/import-providers.ts',
    'bench-providers': 'src/cli/bench-providers.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
console.log('api: built dist/server.js');
