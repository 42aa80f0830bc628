import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../../src/main/composition/open-cache';
import { INLINE_CHECKPOINT_PAGES } from '../../../../src/main/kernel/cache/database';
import { stock, T0 } from '../../composition/support/records';
import { tempDir } from '../../composition/support/temp-dir';

const writeItems = (cache: Cache, from: number, count: number): void =>
  cache.writes.transaction(() => {
    for (let i = from; i < from + count; i++) cache.writes.upsertStock(stock(`WD-${String(i).padStart(6, '0')}`, `Item ${i}`, [['wh_a', i % 50]]), T0);
  });

describe('WAL checkpoints in a worker thread', () => {
  let dir: ReturnType<typeof tempDir>;
  let cache: Cache | null = null;
  beforeEach(() => {
    dir = tempDir('desk-checkpointer-');
  });
  afterEach(() => {
    cache?.close();
    cache = null;
    dir.remove();
  });

  it('the main connection never checkpoints; the worker copies its commits into the file', async () => {
    const copied: number[] = [];
    cache = openCache(dir.path, { backgroundCheckpoints: { intervalMs: 20, onCheckpoint: (r) => copied.push(r.checkpointed) } });
    expect(cache.db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    writeItems(cache, 1, 2000);
    await expect.poll(() => copied.reduce((a, b) => a + b, 0), { timeout: 10_000 }).toBeGreaterThan(100);
  });

  it('without the worker the main connection checkpoints as before', () => {
    cache = openCache(dir.path);
    expect(cache.db.pragma('wal_autocheckpoint', { simple: true })).toBe(INLINE_CHECKPOINT_PAGES);
  });

  it('a worker that cannot load its driver hands the checkpoints back to the main connection', async () => {
    const reasons: string[] = [];
    cache = openCache(dir.path, { backgroundCheckpoints: { driverPath: join(dir.path, 'no-such-driver.node'), onFallback: (r) => reasons.push(r) } });
    await expect.poll(() => reasons.length, { timeout: 10_000 }).toBe(1);
    expect(reasons[0]).toMatch(/no-such-driver/);
    expect(cache.db.pragma('wal_autocheckpoint', { simple: true })).toBe(INLINE_CHECKPOINT_PAGES);
    writeItems(cache, 1, 10);
    expect(cache.reads.stockCount()).toBe(10);
  });

  it('closing stops the worker and folds the WAL into the file; reopened, every row is there', async () => {
    const copied: number[] = [];
    cache = openCache(dir.path, { backgroundCheckpoints: { intervalMs: 20, onCheckpoint: (r) => copied.push(r.checkpointed) } });
    writeItems(cache, 1, 500);
    await expect.poll(() => copied.length, { timeout: 10_000 }).toBeGreaterThan(0);
    writeItems(cache, 501, 500);
    cache.close();
    cache = null;
    // SQLite deletes the WAL only when the closing connection is the last on the file.
    expect(existsSync(join(dir.path, 'cache.sqlite-wal'))).toBe(false);
    cache = openCache(dir.path);
    expect(cache.reads.stockCount()).toBe(1000);
  });
});
