import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { playwright } from '@vitest/browser-playwright';
import { chromiumArgs, chromiumPath } from './test/chromium.ts';

const root = import.meta.dirname;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/components/**', 'test/e2e/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [svelte({ configFile: resolve(root, 'svelte.config.js') })],
        test: {
          name: 'components',
          include: ['test/components/**/*.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
            screenshotDirectory: 'test/artifacts/components',
          },
        },
      },
    ],
  },
});
