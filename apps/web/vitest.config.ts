import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['src/test/setup.ts'],
      // Whole routes render with real translations: give a busy 2-core machine room.
      testTimeout: 15_000,
      // Files share a worker's modules and its jsdom window rather than each importing React,
      // the router and the app afresh into a new window (ADR 043): setup.ts leaves the window
      // as it found it after each file, and every render starts i18n in English.
      isolate: false,
    },
  }),
);
