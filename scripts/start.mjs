// `npm start`: check for the Electron binary, make native modules right for Electron, build, launch.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    // The electron package exports the binary's path, and throws when its download never happened.
    return require('electron');
  } catch {
    return null;
  }
}

if (!electronBinary()) {
  console.error(
    'The Electron binary is not installed on this machine: run `node node_modules/electron/install.js` where the internet is reachable (or set ELECTRON_OVERRIDE_DIST_PATH to an Electron build), then `npm start` again. Meanwhile `npm run harness` opens the same app in a browser.',
  );
  process.exit(1);
}

for (const [cmd, args] of [
  ['node', ['scripts/native-modules.mjs', 'electron']],
  ['npx', ['electron-vite', 'preview']],
]) {
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
