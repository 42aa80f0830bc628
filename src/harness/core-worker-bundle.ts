import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(import.meta.dirname, '../..');
// The core's worker and the cache's reader beside it (core-thread/reader-thread.ts finds it there).
const ENTRIES = ['core-worker', 'reader-worker'].map((name) => join(ROOT, 'src/main/core-thread', `${name}.ts`));
// Under node_modules, so the packages left outside the bundle (better-sqlite3) resolve as from the source.
const OUT = join(ROOT, 'node_modules', '.cache', 'warehouse-desk-core', String(process.pid));

let bundled: Promise<URL> | null = null;

/**
 * The core's worker and the cache's reader, bundled once per process into plain ESM files. Run from source, the core's
 * thread would otherwise compile and resolve every module of the core through tsx at each start
 * (the e2e specs start one harness per file, the hardening tests a desk process per kill); esbuild
 * only strips the types and joins the modules, as electron-vite does for the app.
 */
export function coreWorkerBundle(): Promise<URL> {
  bundled ??= (async () => {
    await build({ entryPoints: ENTRIES, outdir: OUT, outExtension: { '.js': '.mjs' }, bundle: true, platform: 'node', format: 'esm', target: 'node24', packages: 'external', sourcemap: 'inline', logLevel: 'error' });
    process.once('exit', () => rmSync(OUT, { recursive: true, force: true }));
    return pathToFileURL(join(OUT, 'core-worker.mjs'));
  })();
  return bundled;
}
