import js from '@eslint/js';
import ts from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import svelteConfig from './svelte.config.js';

// Process boundaries are enforced here, not by convention: only the Electron edge imports
// `electron`, and the renderer never imports main, sandbox or Node code.
const electronOnlyHere = ['src/main/electron/**', 'src/preload/index.ts'];

export default ts.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'test/artifacts/**', '**/*.gen.ts'] },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'], svelteConfig },
    },
  },
  {
    files: ['src/**'],
    ignores: electronOnlyHere,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only src/main/electron/* and src/preload/index.ts import electron.' }] },
      ],
    },
  },
  {
    files: ['src/renderer/**', 'test/components/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/main/**', '**/sandbox/**', '**/preload/**', '**/harness/**'], message: 'The renderer reaches main only through window.desk.' },
            { group: ['electron', 'node:*', 'better-sqlite3', 'keytar', 'fastify'], message: 'The renderer is sandboxed: no Node or Electron modules.' },
          ],
        },
      ],
    },
  },
);
