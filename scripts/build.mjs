// `npm run build`: electron-vite's build of out/, and a note in out/ of what it was built from (a
// hash of every file the build reads, build-inputs.mjs). `--if-changed` builds only when that hash
// differs, so `npm start` starts at once on sources it has built before, and opens the app on a
// build of exactly the sources it finds. Other arguments go to electron-vite.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { forgetBuilt, inputsHash, markBuilt, outIsCurrent, REPO } from './build-inputs.mjs';

const args = process.argv.slice(2);
const ifChanged = args.includes('--if-changed');
if (ifChanged && outIsCurrent()) process.exit(0);
const before = inputsHash();
// The note of an earlier build goes first: a build that fails, or whose sources change under
// it, leaves out/ noted as built from nothing.
forgetBuilt();
const build = spawnSync(process.execPath, [join(REPO, 'node_modules/electron-vite/bin/electron-vite.js'), 'build', ...args.filter((a) => a !== '--if-changed')], { cwd: REPO, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// A source changed while it built: no note, so the next --if-changed builds again.
if (inputsHash() === before) markBuilt(before);
