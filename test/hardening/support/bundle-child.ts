// The hardening tests start their desk processes (crash-child, desk-work-child, power-child) many
// times: 76 starts in the crash test alone. Under `node --import tsx` each start compiled and
// resolved every module of the core again (4-6 s a start on the shared 2-core machine); bundled
// once by esbuild into one plain ESM file, a start loads the same source in a fraction of that.
// The child runs the same code either way: esbuild only strips the types and joins the modules.
//
// Packages stay external, so better-sqlite3 and keytar load from the repo's node_modules as
// under tsx; the bundle is written under node_modules for that (a package resolves from the
// importing file's folder, and the WAL checkpoint worker resolves better-sqlite3 from it too).
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';

const OUT = join(import.meta.dirname, '..', '..', '..', 'node_modules', '.cache', 'warehouse-desk-test', String(process.pid));
const built = new Map<string, Promise<string>>();

/**
 * The path of `entry` bundled into one .mjs file, built once per test process. Run it with plain
 * `node`. No source map: node would parse its megabytes again on every start.
 */
export function bundledChild(entry: string): Promise<string> {
  let bundle = built.get(entry);
  if (!bundle) {
    bundle = bundleOnce(entry);
    built.set(entry, bundle);
  }
  return bundle;
}

async function bundleOnce(entry: string): Promise<string> {
  mkdirSync(OUT, { recursive: true });
  const outfile = join(OUT, basename(entry).replace(/\.ts$/, '.mjs'));
  await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node24', packages: 'external', sourcemap: false, logLevel: 'error' });
  return outfile;
}

/** Removes this process's bundles (in afterAll of the file that built them). */
export function removeBundles(): void {
  built.clear();
  rmSync(OUT, { recursive: true, force: true });
}
