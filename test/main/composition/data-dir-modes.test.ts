// Issue 15 item 7: the cache holds names, addresses, phone numbers and notes. The data folder is
// 0700 and cache.sqlite with its -wal and -shm 0600, whatever the umask, on creation and on every
// start (an older version's 0755/0644 files are narrowed).
import { chmodSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { tempDir } from './support/temp-dir';

const mode = (path: string) => statSync(path).mode & 0o777;

describe.skipIf(process.platform === 'win32')('data folder and cache file modes', () => {
  const parent = tempDir('desk-modes-');
  const dataDir = join(parent.path, 'data');
  let umask: number;
  beforeAll(() => {
    // The usual desktop umask: without the fix, files come out 0644 in a 0755 folder.
    umask = process.umask(0o022);
  });
  afterEach(() => process.umask(0o022));
  afterAll(() => {
    process.umask(umask);
    parent.remove();
  });

  const start = () => createDeskCore({ dataDir, secrets: createKeytarStore(), demoByDefault: false, syncIntervalMs: 600_000 });

  it('creates the folder 0700 and cache.sqlite, -wal and -shm 0600', async () => {
    const core = await start();
    try {
      expect(mode(dataDir)).toBe(0o700);
      const cache = join(dataDir, 'cache.sqlite');
      expect(mode(cache)).toBe(0o600);
      // The migrations wrote through the WAL: both companions exist while the cache is open.
      expect(existsSync(`${cache}-wal`) && existsSync(`${cache}-shm`)).toBe(true);
      expect(mode(`${cache}-wal`)).toBe(0o600);
      expect(mode(`${cache}-shm`)).toBe(0o600);
    } finally {
      await core.close();
    }
  });

  it('narrows a world-readable folder and cache file on start', async () => {
    const cache = join(dataDir, 'cache.sqlite');
    chmodSync(dataDir, 0o755);
    chmodSync(cache, 0o644);
    const core = await start();
    try {
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(cache)).toBe(0o600);
      expect(mode(`${cache}-wal`)).toBe(0o600);
    } finally {
      await core.close();
    }
  });
});
