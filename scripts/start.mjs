// `npm start`: the app in Electron where its binary exists or can be fetched; otherwise the same
// renderer and core through the harness on the embedded demo, in a Chromium app window.
// `npm start -- --no-browser` serves without opening a window (the URL is printed either way).
// Either way out/ is built first only when a source changed since it was (scripts/build.mjs).
// Closing the terminal (SIGHUP), Ctrl+C (SIGINT) or SIGTERM stops everything it started.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { findBrowser } from './find-browser.mjs';

const root = join(import.meta.dirname, '..');
const noBrowser = process.argv.includes('--no-browser');

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

/** The installed Electron binary, or null; never downloads (requiring `electron` would). */
function electronBinary() {
  const pathFile = join(root, 'node_modules/electron/path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : null;
  const override = process.env['ELECTRON_OVERRIDE_DIST_PATH'];
  const binary = override ? join(override, name ?? 'electron') : name && join(root, 'node_modules/electron/dist', name);
  return binary && existsSync(binary) ? binary : null;
}

/** Fetches Electron's binary (allowScripts keeps `npm ci` from doing it); why not, when it cannot. */
function fetchElectron() {
  if (process.env['ELECTRON_SKIP_BINARY_DOWNLOAD']) return 'ELECTRON_SKIP_BINARY_DOWNLOAD is set';
  process.stdout.write('Fetching the Electron binary (once)… ');
  const r = spawnSync(process.execPath, [join(root, 'node_modules/electron/install.js')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (r.status === 0 && electronBinary()) {
    console.log('done.');
    return null;
  }
  const lastLine = `${r.stderr ?? ''}${r.stdout ?? ''}`.trim().split('\n').pop() ?? '';
  return lastLine || `exit ${r.status ?? r.signal}`;
}

run(process.execPath, ['scripts/check-node.mjs']);

const electronVite = join(root, 'node_modules/electron-vite/bin/electron-vite.js');
const whyNoElectron = noBrowser ? null : electronBinary() ? null : fetchElectron();
if (!noBrowser && whyNoElectron === null) {
  run(process.execPath, ['scripts/native-modules.mjs', 'electron']);
  run(process.execPath, ['scripts/build.mjs', '--if-changed', '--logLevel', 'warn']);
  run(process.execPath, [electronVite, 'preview', '--skipBuild']);
  process.exit(0);
}

if (whyNoElectron) console.log(`no Electron binary for this machine (${whyNoElectron}): opening Warehouse Desk in a browser window on the demo instead.`);
run(process.execPath, ['scripts/native-modules.mjs', 'node']);
run(process.execPath, ['scripts/build.mjs', '--if-changed', '--logLevel', 'warn']);

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let profile = '';
let stopping = false;

function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      // Each child leads its own process group, so Chromium's helpers go with it.
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  }
  const done = () => {
    if (profile) rmSync(profile, { recursive: true, force: true });
    process.exit(code);
  };
  const harness = children[0];
  if (harness && harness.exitCode === null && harness.signalCode === null) harness.once('exit', done);
  else done();
}
// After a closed terminal's SIGHUP a write to it fails (EIO); stopping must not die of that.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
// The harness and the browser lead process groups of their own, so a signal to this script's
// group (a closed terminal's SIGHUP included) reaches them only through stop().
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(0));

/**
 * The browser's command line is readable by every user of this computer (`ps`), so the harness
 * token must not be on it. The browser opens a launcher page instead, written 0600 into its own
 * 0700 profile folder (mkdtemp), that sends it on to a one-time launch code: spent by that first
 * load, worthless to anyone who finds the file later. Returns the launcher's file:// URL.
 */
async function writeLauncher(url, profileDir) {
  const { origin, searchParams } = new URL(url);
  const answer = await fetch(`${origin}/__harness/launch-codes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${searchParams.get('token')}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!answer.ok) throw new Error(`the harness gave no launch code (${answer.status})`);
  const launchUrl = (await answer.json()).value.url;
  if (!/^http:\/\/127\.0\.0\.1:\d+\/__harness\/launch\?code=[0-9a-f]{64}$/.test(launchUrl)) throw new Error('the harness gave an unexpected launch URL');
  const launcher = join(profileDir, 'launch.html');
  const html = `<!doctype html>\n<meta charset="utf-8">\n<meta name="referrer" content="no-referrer">\n<meta http-equiv="refresh" content="0; url=${launchUrl}">\n<title>Warehouse Desk</title>\n`;
  writeFileSync(launcher, html, { mode: 0o600, flag: 'wx' });
  return pathToFileURL(launcher).href;
}

const harness = spawn(process.execPath, ['--import', 'tsx', 'src/harness/cli.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
children.push(harness);
// The harness's own banner tells its reader to open the URL it printed; here this script says what to do.
createInterface({ input: harness.stderr }).on('line', (line) => {
  if (!line.startsWith('Warehouse Desk harness')) console.error(line);
});
harness.on('exit', (code) => {
  if (!stopping) {
    console.error(`The app's server stopped (exit ${code ?? 'by signal'}).`);
    stop(code || 1);
  }
});

const lines = createInterface({ input: harness.stdout });
lines.once('line', (url) => {
  lines.on('line', (line) => console.log(line));
  const browser = noBrowser ? null : findBrowser();
  if (!browser) {
    console.log(
      noBrowser
        ? `Warehouse Desk (demo) is served at ${url}`
        : `No Chromium or Chrome found (set CHROMIUM_PATH to one). Open this address in a Chromium-based browser:\n  ${url}`,
    );
    console.log('Ctrl+C stops it.');
    return;
  }
  profile = mkdtempSync(join(tmpdir(), 'warehouse-desk-browser-'));
  writeLauncher(url, profile).then(
    (launcher) => {
      if (stopping) return;
      const window = spawn(browser, [`--app=${launcher}`, `--user-data-dir=${profile}`, '--no-first-run', '--no-default-browser-check'], {
        stdio: 'ignore',
        detached: true,
      });
      children.push(window);
      window.on('error', () => console.log(`Could not start ${browser}. Open this address in a Chromium-based browser:\n  ${url}`));
      window.on('exit', (code) => {
        if (!stopping && code) console.log(`${browser} could not open a window (exit ${code}). Open this address in a Chromium-based browser:\n  ${url}`);
      });
      console.log(`Opening Warehouse Desk (demo) in ${browser}: ${url}`);
      console.log('Ctrl+C stops it.');
    },
    (error) => {
      console.log(`Could not prepare a window (${error.message}). Open this address in a Chromium-based browser:\n  ${url}`);
      console.log('Ctrl+C stops it.');
    },
  );
});
