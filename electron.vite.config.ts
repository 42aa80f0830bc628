import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { paraglide } from './scripts/paraglide-options';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // The core's thread is an entry of its own, loaded beside index.js (src/main/core-thread).
      rollupOptions: { input: { index: resolve(root, 'src/main/index.ts'), 'core-worker': resolve(root, 'src/main/core-thread/core-worker.ts'), 'reader-worker': resolve(root, 'src/main/core-thread/reader-worker.ts') } },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload's require loads only electron, events, timers and url: the packages
      // it uses (zod, the GS1 parser) must be in the bundle, not left as require() calls.
      externalizeDeps: false,
      // It is parsed before every page load of the window: minified, it parses faster.
      minify: true,
      // A sandboxed preload cannot load ES modules: Electron requires CommonJS there.
      rollupOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    plugins: [paraglide(root), svelte({ configFile: resolve(root, 'svelte.config.js') })],
    build: {
      outDir: 'out/renderer',
      // electron-vite leaves the renderer unminified; minified, it parses faster and fits the 150 KB budget.
      minify: true,
      rollupOptions: { input: { index: resolve(root, 'src/renderer/index.html') } },
    },
  },
});
