import { build } from 'esbuild';
import { join } from 'node:path';

let bundle: Promise<string> | null = null;

/**
 * The browser bridge as one classic script (IIFE), bundled in memory with esbuild when the harness
 * starts: nothing is written next to the app's build, so it can never end up in the packaged app.
 */
export function browserBridgeScript(): Promise<string> {
  bundle ??= build({
    entryPoints: [join(import.meta.dirname, 'browser-bridge.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'silent',
    // In the app the bridge runs in the preload's isolated world: its globals are not the page's,
    // and the page's CSP does not apply to it. Here it runs in the page, so the wrapper gives it a
    // global object of its own (the page's globals still readable through the prototype) and
    // tells zod not to probe `new Function`, which the page CSP would report as a violation.
    banner: { js: '((__deskPage) => { const globalThis = Object.create(__deskPage, { __zod_globalConfig: { value: { jitless: true }, writable: true } });' },
    footer: { js: '})(globalThis);' },
  }).then((result) => {
    const [output] = result.outputFiles;
    if (!output) throw new Error('esbuild produced no browser bridge');
    return output.text;
  });
  bundle.catch(() => (bundle = null));
  return bundle;
}
