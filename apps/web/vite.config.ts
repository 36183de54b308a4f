import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
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

export default defineConfig({
  plugins: [react(), tailwindcss(), readme()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: 'es2022',
    sourcemap: true,
    // The strict Content Security Policy forbids inline scripts: keep the module preload
    // helper in a file of its own rather than inlined into index.html.
    modulePreload: { polyfill: false },
    // Read by `npm run bench` to weigh each route's first load.
    manifest: true,
  },
  server: {
    // Host kept as the browser sent it: the identity provider builds its URLs from it.
    proxy: {
      '/api': { target: apiOrigin, changeOrigin: false },
      '/idp': { target: apiOrigin, changeOrigin: false },
    },
  },
});
