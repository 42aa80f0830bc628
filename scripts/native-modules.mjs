// Keeps better-sqlite3 built for the runtime about to load it. Tests load it in Node; the app
// loads it in Electron, whose ABI differs. keytar uses N-API, so one build serves both.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const target = process.argv[2];
const marker = 'node_modules/.warehouse-desk-native-abi';
const builtFor = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : '';

function run(cmd, args, env = process.env) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function loadsInNode() {
  const r = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { stdio: 'pipe' });
  return r.status === 0;
}

if (target === 'node') {
  if (loadsInNode()) {
    if (builtFor !== `node-${process.versions.modules}`) writeFileSync(marker, `node-${process.versions.modules}\n`);
  } else {
    console.log('better-sqlite3 is built for Electron; rebuilding it for Node to run the tests.');
    run('npm', ['rebuild', 'better-sqlite3']);
    writeFileSync(marker, `node-${process.versions.modules}\n`);
  }
} else if (target === 'electron') {
  const electronVersion = require('electron/package.json').version;
  if (builtFor === `electron-${electronVersion}`) process.exit(0);
  console.log(`Rebuilding better-sqlite3 for Electron ${electronVersion} (downloads Electron's headers once).`);
  // ~/.npmrc may set nodedir, which makes node-gyp build against Node's headers even when asked for Electron's.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k.toLowerCase() !== 'npm_config_nodedir'));
  run('npx', ['electron-rebuild', '--force', '--only', 'better-sqlite3', '--version', electronVersion], env);
  writeFileSync(marker, `electron-${electronVersion}\n`);
} else {
  console.error('usage: native-modules.mjs node|electron');
  process.exit(2);
}
