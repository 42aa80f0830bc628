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
  }).then((result) => {
    const [output] = result.outputFiles;
    if (!output) throw new Error('esbuild produced no browser bridge');
    return output.text;
  });
  bundle.catch(() => (bundle = null));
  return bundle;
}
