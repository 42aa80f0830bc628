import { listPackage } from '@electron/asar';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `electron-builder.yml` run for real (electron-builder --dir, Linux), with the one thing that
 * cannot be had here replaced: the Electron binary. The stand-in is a file carrying Electron 41's
 * fuse wire (the sentinel, wire version 1, nine fuses at their shipped defaults), which is what
 * @electron/fuses looks for and rewrites. Everything else is the real packager: the files it
 * picks, the asar it writes, what it unpacks, and the fuses it flips (Electron checklist item 19).
 */
const root = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'warehouse-desk-package-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// Electron 41's defaults, in wire order (see @electron/fuses' FuseV1Options; the ninth,
// WasmTrapHandlers, is newer than that enum and must be left as it is).
const FUSES = [
  ['RunAsNode', '1'],
  ['EnableCookieEncryption', '0'],
  ['EnableNodeOptionsEnvironmentVariable', '1'],
  ['EnableNodeCliInspectArguments', '1'],
  ['EnableEmbeddedAsarIntegrityValidation', '0'],
  ['OnlyLoadAppFromAsar', '0'],
  ['LoadBrowserProcessSpecificV8Snapshot', '0'],
  ['GrantFileProtocolExtraPrivileges', '1'],
  ['WasmTrapHandlers', '1'],
] as const;

function standInElectron(dir: string): void {
  mkdirSync(join(dir, 'resources'), { recursive: true });
  const wire = Buffer.concat([
    Buffer.from('\x7fELF stand-in for the Electron binary\0'),
    Buffer.from(SENTINEL),
    Buffer.from([1, FUSES.length]),
    Buffer.from(FUSES.map(([, state]) => state).join('')),
    Buffer.from('\0rest of the binary'),
  ]);
  writeFileSync(join(dir, 'electron'), wire);
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'LICENSE'), 'MIT');
}

/** Reads the fuse wire back by hand, independently of the library that wrote it. */
function readFuses(binary: string): Record<string, string> {
  const bytes = readFileSync(binary);
  const at = bytes.indexOf(SENTINEL) + SENTINEL.length;
  expect(at).toBeGreaterThan(SENTINEL.length - 1);
  expect(bytes[at]).toBe(1);
  expect(bytes[at + 1]).toBe(FUSES.length);
  return Object.fromEntries(FUSES.map(([name], i) => [name, String.fromCharCode(bytes[at + 2 + i]!)]));
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };

describe('the package electron-builder.yml makes', () => {
  const electronDist = join(work, 'electron-dist');
  const output = join(work, 'dist');
  const appDir = join(output, 'linux-unpacked');
  let run: SpawnSyncReturns<string>;
  let files: string[] = [];

  beforeAll(() => {
    if (!existsSync(join(root, 'out/main/index.js'))) {
      const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, encoding: 'utf8' });
      if (build.status !== 0) throw new Error(`electron-vite build failed: ${build.stderr}`);
    }
    standInElectron(electronDist);
    run = spawnSync(
      process.execPath,
      [join(root, 'node_modules/electron-builder/cli.js'), '--dir', '--linux', '--x64', '--config', 'electron-builder.yml', `-c.electronDist=${electronDist}`, `-c.directories.output=${output}`],
      { cwd: root, encoding: 'utf8', timeout: 120_000, env: { ...process.env, CI: 'true' } },
    );
    if (run.status === 0) files = listPackage(join(appDir, 'resources/app.asar'), { isPack: false }).map((f) => f.replaceAll('\\', '/'));
  }, 150_000);

  it('packages without error', () => {
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
  });

  it('flips the fuses of the checklist (item 19) and leaves the ones it does not know alone', () => {
    expect(readFuses(join(appDir, 'warehouse-desk'))).toEqual({
      RunAsNode: '0',
      EnableCookieEncryption: '1',
      EnableNodeOptionsEnvironmentVariable: '0',
      EnableNodeCliInspectArguments: '0',
      EnableEmbeddedAsarIntegrityValidation: '1',
      OnlyLoadAppFromAsar: '1',
      LoadBrowserProcessSpecificV8Snapshot: '0',
      GrantFileProtocolExtraPrivileges: '0',
      WasmTrapHandlers: '1',
    });
  });

  // electron-builder 26.17 drops Electron's default_app.asar only from a zip it downloaded itself
  // (cleanupAfterUnpack); a custom electronDist such as this stand-in is copied as it is, so that
  // step cannot be checked here (no download host).
  it('ships the app as one app.asar', () => {
    expect(existsSync(join(appDir, 'resources/app.asar'))).toBe(true);
    expect(existsSync(join(appDir, 'resources/app'))).toBe(false);
  });

  it('holds the build output and the manifest, and none of the sources, tests or tools', () => {
    for (const needed of ['/package.json', '/out/main/index.js', '/out/preload/index.cjs', '/out/renderer/index.html']) expect(files).toContain(needed);
    const ownFiles = files.filter((f) => !f.startsWith('/node_modules'));
    expect(ownFiles.filter((f) => f !== '/package.json' && f !== '/out' && !f.startsWith('/out/'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    // What `npm run build` notes of its sources stays on the build machine.
    expect(files).not.toContain('/out/.built-from');
  });

  it('finds every file the built page refers to inside the archive, beside main', () => {
    const html = readFileSync(join(root, 'out/renderer/index.html'), 'utf8');
    const refs = [...html.matchAll(/(?:src|href)="\.?\/?([^":#?]+)"/g)].map((m) => `/out/renderer/${m[1]}`);
    expect(refs.length).toBeGreaterThan(1);
    for (const ref of refs) expect(files, ref).toContain(ref);
  });

  it('carries every production dependency and no development one', () => {
    const modules = new Set(files.filter((f) => /^\/node_modules\/(@[^/]+\/)?[^/@]+$/.test(f)).map((f) => f.slice('/node_modules/'.length)));
    for (const dep of Object.keys(pkg.dependencies)) expect(modules, dep).toContain(dep);
    // A development dependency a production one needs as well (ajv, which fastify uses) ships with
    // it; the lock file marks the others `dev`, and none of those may ship.
    const devOnly = Object.keys(pkg.devDependencies).filter((dev) => lock.packages[`node_modules/${dev}`]?.dev === true);
    expect(devOnly).toContain('vitest');
    for (const dev of devOnly) expect(modules.has(dev), dev).toBe(false);
  });

  it('unpacks the native modules beside the archive, compiled files only', () => {
    const unpacked = join(appDir, 'resources/app.asar.unpacked/node_modules');
    // better-sqlite3 13 is N-API and ships its binaries prebuilt, one per platform.
    expect(existsSync(join(unpacked, 'better-sqlite3/prebuilds/linux-x64.node'))).toBe(true);
    expect(existsSync(join(unpacked, 'keytar/build/Release/keytar.node'))).toBe(true);
    for (const left of ['better-sqlite3/deps', 'better-sqlite3/src', 'better-sqlite3/build/Release/obj', 'better-sqlite3/build/Release/obj.target', 'better-sqlite3/build/Release/test_extension.node', 'keytar/src']) {
      expect(existsSync(join(unpacked, left)), left).toBe(false);
    }
  });
});
