import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const apiOrigin = 'http://localhost:8080';

/**
 * The project's README at /README.md: the documentation link of the header's design system
 * menu (ADR 034) opens the README of the build that is running, with no outside address.
 */
function readme(): Plugin {
  const file = fileURLToPath(new URL('../../README.md', import.meta.url));
  return {
    name: 'ccap-readme',
    configureServer(server) {
      server.middlewares.use('/README.md', (_request, response) => {
        response.setHeader('content-type', 'text/markdown; charset=utf-8');
        response.end(fs.readFileSync(file));
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'README.md', source: fs.readFileSync(file) });
    },
  };
}

/**
 * The translations (the @ccap/locales package, ADR 066) at /locales/{code}.json: static files
 * the app fetches for the one language in use. Read from the package on each request in
 * development, so an edited translation shows on reload; copied into the build.
 */
function locales(): Plugin {
  const directory = path.dirname(createRequire(import.meta.url).resolve('@ccap/locales/en.json'));
  const files = () => fs.readdirSync(directory).filter((name) => name.endsWith('.json'));
  return {
    name: 'ccap-locales',
    configureServer(server) {
      server.middlewares.use('/locales', (request, response, next) => {
        const name = new URL(request.url ?? '/', 'http://localhost').pathname.slice(1);
        if (!files().includes(name)) return next();
        response.setHeader('content-type', 'application/json; charset=utf-8');
        response.end(fs.readFileSync(path.join(directory, name)));
      });
    },
    generateBundle() {
      for (const name of files()) {
        this.emitFile({
          type: 'asset',
          fileName: `locales/${name}`,
          source: fs.readFileSync(path.join(directory, name)),
        });
      }
    },
  };
}

/**
 * Every text file of the build also as .br and .gz beside it (ADR 042): the API serves the
 * one the browser accepts (@fastify/static's preCompressed), compressed once at build time
 * at the highest levels rather than on each request.
 */
function precompress(): Plugin {
  const compressible = /\.(?:js|css|html|json|svg|md|txt)$/;
  let outDir = '';
  return {
    name: 'ccap-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
      for (const file of walk(outDir)) {
        if (!compressible.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const source = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(source, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
      }
    },
  };
}

/** What Rolldown's chunking context offers that the group below reads. */
interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: string[] } | null;
}
const entryModule = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
// Keyed by the chunking context, which Rolldown makes once per build and passes to every call
// (checked: one walk per `vite build`), so a rebuild in watch mode walks its own module graph.
const firstLoadModules = new WeakMap<ChunkingContext, Set<string>>();

/**
 * Every module the entry imports statically, as one chunk (ADR 045). Left to itself, the bundler
 * splits the first load wherever a lazy page shares a module with it: the home page arrived as 26
 * files, most under 1 KB, and on a slow phone each costs a round trip (six at a time over
 * HTTP/1.1). The lazy pages import the shared chunk, which the entry has always loaded before them.
 */
function firstLoadChunk(moduleId: string, ctx: ChunkingContext): string | null {
  let modules = firstLoadModules.get(ctx);
  if (!modules) {
    const reached = new Set<string>();
    const visit = (id: string) => {
      if (reached.has(id)) return;
      reached.add(id);
      for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) visit(imported);
    };
    visit(entryModule);
    reached.delete(entryModule);
    modules = reached;
    firstLoadModules.set(ctx, modules);
  }
  return modules.has(moduleId) ? 'first-load' : null;
}

/**
 * React Router 7's package exports name only its development build (ENABLE_DEV_WARNINGS on:
 * extra checks and console warnings on every navigation, remix-run/react-router#14102); its
 * production build ships beside it. The production bundle takes that one.
 */
function reactRouterProduction(): Plugin {
  const packageJson = createRequire(import.meta.url).resolve('react-router/package.json');
  const production = path.join(path.dirname(packageJson), 'dist/production/index.mjs');
  return {
    name: 'ccap-react-router-production',
    apply: 'build',
    config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: production }] } }),
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), readme(), locales(), precompress(), reactRouterProduction()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The strict Content Security Policy forbids inline scripts: keep the module preload
    // helper in a file of its own rather than inlined into index.html.
    modulePreload: { polyfill: false },
    // Read by `npm run bench` to weigh each route's first load.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: firstLoadChunk }] } } },
  },
  server: {
    // Host kept as the browser sent it: the identity provider builds its URLs from it.
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/idp': { target: apiOrigin, changeOrigin: false },
    },
  },
});
