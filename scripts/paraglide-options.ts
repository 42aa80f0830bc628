import { resolve } from 'node:path';
import { paraglideVitePlugin } from '@inlang/paraglide-js';
import type { PluginOption } from 'vite';
import { lazyLocales } from './lazy-locales';

/**
 * One Paraglide setup for every build that bundles the renderer (electron-vite, the component
 * tests) and, as flags, for `npm run i18n:compile` (the type check needs the compiled messages
 * before any bundler ran). The locale strategy is the desk's own: i18n/locale.svelte.ts overwrites
 * getLocale with reactive state, so no cookie, URL or localStorage strategy is compiled in.
 */
// Paths absolute from the repository root the config passes (the renderer's Vite root is
// src/renderer, and the plugin resolves against it; a bundled config has no dirname of its own).
export function paraglide(root: string): PluginOption[] {
  return [
    paraglideVitePlugin({
      project: resolve(root, 'project.inlang'),
      outdir: resolve(root, 'src/renderer/src/i18n/paraglide'),
      strategy: ['globalVariable', 'baseLocale'],
      // One module per message in every mode (dev would default to one per locale): the lazy
      // locales plugin below reads that shape.
      outputStructure: 'message-modules',
    }),
    // Only the language shown is loaded: the other four become chunks of their own.
    lazyLocales(root),
  ];
}
