// Whether out/ is the build of the sources as they are: a hash of every file the build reads,
// noted in out/ by `npm run build` (build.mjs).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The folder that holds this repository. */
export const REPO = join(import.meta.dirname, '..');
const stampOf = (root) => join(root, 'out', '.built-from');

/** What the build reads: the sources, the API document, the messages, the build's own scripts and settings, the locked packages. */
const INPUT_FOLDERS = ['src', 'resources', 'scripts', 'project.inlang'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'electron.vite.config.ts', 'svelte.config.js', 'tsconfig.json', 'tsconfig.base.json', 'tsconfig.node.json', 'tsconfig.web.json'];
/** Written by the build itself (the compiled messages) or by the tools that read the inputs. */
const NOT_INPUTS = new Set(['src/renderer/src/i18n/paraglide', 'project.inlang/cache']);

function filesUnder(root, folder) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const name = relative(root, path).split(sep).join('/');
      if (NOT_INPUTS.has(name)) continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) found.push(name);
    }
  };
  if (existsSync(join(root, folder))) walk(join(root, folder));
  return found;
}

/** A hash of the path and content of every input file, in a fixed order. */
export function inputsHash(root = REPO) {
  const hash = createHash('sha256');
  const files = [...INPUT_FOLDERS.flatMap((folder) => filesUnder(root, folder)), ...INPUT_FILES.filter((f) => existsSync(join(root, f)))].sort();
  for (const name of files) hash.update(`${name}\0`).update(readFileSync(join(root, name))).update('\0');
  return hash.digest('hex');
}

/** The entry of each part of the build: one gone (a part of out/ deleted by hand) means build again. */
const OUTPUTS = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'];

/** True when out/ holds the build of the sources as they are now. */
export function outIsCurrent(root = REPO) {
  if (!existsSync(stampOf(root)) || !OUTPUTS.every((f) => existsSync(join(root, f)))) return false;
  return readFileSync(stampOf(root), 'utf8').trim() === inputsHash(root);
}

/** Notes in out/ that it is the build of the sources whose hash is `hash`. */
export function markBuilt(hash, root = REPO) {
  writeFileSync(stampOf(root), `${hash}\n`);
}

/** Forgets the note: out/ counts as built from nothing until the next build notes it again. */
export function forgetBuilt(root = REPO) {
  rmSync(stampOf(root), { force: true });
}
