import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const apiOrigin = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
