// Bundles a child script with esbuild so it runs on plain `node`, without tsx: tsx alone adds
// about 35 MB of RSS and compiles every module on the fly, which would be counted as the main
// process's memory and start-up. Packages stay external (resolved from the repo's node_modules).
import { build } from 'esbuild';
import { join } from 'node:path';

// Under node_modules: outside every lint and type check, and packages resolve from there.
const OUT = join(import.meta.dirname, '..', '..', 'node_modules', '.cache', 'warehouse-desk-bench');

export async function bundleChild(entry: string, name: string): Promise<string> {
  const outfile = join(OUT, `${name}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: false,
    logLevel: 'error',
  });
  return outfile;
}
