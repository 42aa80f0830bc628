import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import ts from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import svelteConfig from './svelte.config.js';

// Process boundaries are enforced here, not by convention: only the Electron edge imports
// `electron`, and the renderer never imports main, sandbox or Node code.
const electronOnlyHere = ['src/main/electron/**', 'src/preload/index.ts'];
const noElectron = { name: 'electron', message: 'Only src/main/electron/* and src/preload/index.ts import electron.' };

// Inside main, the zones of docs/architecture.md. Plain no-restricted-imports (already used for
// the process boundaries, no plugin or resolver to keep): the folder names are the zones, so a
// pattern on the import path is enough. Cycles, which need the whole graph, are
// dependency-cruiser's (.dependency-cruiser.cjs, also in `npm run lint`).
// Every folder of src/main is a capability but these, read from the disk so that a new folder is
// a zone from its first file.
const NOT_CAPABILITIES = new Set(['composition', 'core-thread', 'electron', 'kernel', 'renderer-files']);
const CAPABILITIES = readdirSync(new URL('./src/main', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !NOT_CAPABILITIES.has(d.name))
  .map((d) => d.name);
const noSandbox = { group: ['**/sandbox', '**/sandbox/**', 'fastify'], message: 'The core knows nothing of the sandbox: the composition root starts it for the demo and hands its URL in.' };
const mainZones = [
  {
    // renderer-files serves the built page to the Electron edge and the harness: kernel rules.
    files: ['src/main/kernel/**', 'src/main/renderer-files/**'],
    patterns: [
      noSandbox,
      // On relative paths only: a package's subpath (csv-stringify/sync) is not the sync capability.
      { regex: `^\\.\\.?/(?:\\.\\./)*(?:${CAPABILITIES.join('|')}|composition|electron)(?:/|$)`, message: 'The kernel imports no capability: capabilities build on it, never the other way.' },
    ],
  },
  ...CAPABILITIES.map((own) => ({
    files: [`src/main/${own}/**`],
    patterns: [
      noSandbox,
      { group: CAPABILITIES.filter((c) => c !== own).map((c) => `**/${c}/*`), message: `A capability imports another only through its index (e.g. '../outbox'), never its internals.` },
      { group: ['**/composition', '**/composition/**', '**/electron/**'], message: 'Capabilities are composed, they do not reach the composition root or the Electron edge.' },
    ],
  })),
  {
    files: ['src/main/composition/**'],
    // Types only: the sandbox itself is loaded with import() in demo-sandbox.ts, in demo mode only.
    patterns: [{ group: ['**/sandbox', '**/sandbox/**'], allowTypeImports: true, message: 'Import the sandbox with import() (demo mode only); types are fine.' }, { group: ['fastify'], message: 'The core never loads fastify.' }],
  },
];

export default ts.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'test/artifacts/**', '**/*.gen.ts', '**/*.gen.js', '**/*.gen.d.ts', 'src/renderer/src/i18n/paraglide/**'] },
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
        { paths: [noElectron] },
      ],
    },
  },
  ...mainZones.map(({ files, patterns }) => ({
    files,
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron], patterns }] },
  })),
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
