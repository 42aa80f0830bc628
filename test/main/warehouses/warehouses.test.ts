import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { handlersOf } from '../../../src/main/kernel/ipc/declare-channels';
import { warehouseChannels, warehouseCode } from '../../../src/main/warehouses';
import type { RunningSandbox } from '../../../src/sandbox';
import type { WarehouseWire } from '../../../src/main/kernel/api';
import { startTestSandbox, testClient } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';

/** The warehouses as the real sandbox lists them, read back from a real cache file. */
describe('warehouses', () => {
  const dir = tempDir('desk-warehouses-');
  let sandbox: RunningSandbox;
  let cache: Cache;
  let listed: WarehouseWire[];

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    cache = openCache(dir.path);
    listed = (await testClient(sandbox).listWarehouses()).body.data;
    new CatalogRecorder(cache).warehouses(listed, null, 0);
  });
  afterAll(async () => {
    cache.close();
    await sandbox.close();
    dir.remove();
  });

  it('lists every warehouse the service listed, with the code on its signs', async () => {
    const handlers = handlersOf(warehouseChannels(cache), () => undefined);
    const answered = await handlers['warehouses.list'](undefined);
    expect(answered.map((w) => [w.id, w.code]).sort()).toEqual(listed.map((w) => [w.id, w.code]).sort());
    expect(listed.length).toBeGreaterThan(1);
  });

  it('names a warehouse by its code, and one it does not hold by the id it was given', () => {
    const code = warehouseCode(cache);
    for (const w of listed) expect(code(w.id)).toBe(w.code);
    expect(code('wh_not_here')).toBe('wh_not_here');
  });
});
