import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/main/kernel/api';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { LookupService } from '../../../src/main/scan/lookup-service';
import { CatalogRecorder } from '../../../src/main/kernel/cache/catalog-recorder';
import { LookupResult } from '../../../src/shared/ipc/records';
import type { RunningSandbox } from '../../../src/sandbox';
import { recordEvents } from '../composition/support/events';
import { startTestSandbox, testClient } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';

describe('lookup', () => {
  const dir = tempDir('desk-lookup-');
  let sandbox: RunningSandbox;
  let api: ApiClient;
  let cache: Cache;
  let events: EventHub;
  let online = true;
  let lookup: LookupService;
  /** SKU -> barcodes of the demo products in the cache (the first 30 of 60). */
  const barcodes = new Map<string, string[]>();
  /** When the stock records were written to the cache (epoch ms, from just before to just after). */
  const cachedAt = { from: 0, to: 0 };

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = testClient(sandbox);
    cache = openCache(dir.path);
    const recorder = new CatalogRecorder(cache);
    const products = await api.listProducts({ limit: 30 });
    recorder.products(products.body.data);
    for (const p of products.body.data) barcodes.set(p.sku, p.barcodes);
    const stock = await api.listStock({ limit: 30 });
    cachedAt.from = Date.now();
    for (const s of stock.body.data) recorder.stock(s);
    cachedAt.to = Date.now();
    events = new EventHub();
    lookup = new LookupService({ cache, service: { recorder, writes: cache.writes, events, api: () => api, online: () => online } });
  });
  afterAll(async () => {
    await lookup.settled();
    cache.close();
    await sandbox.close();
    dir.remove();
  });
  beforeEach(async () => {
    await lookup.settled();
    online = true;
    sandbox.setFaults({ unreachable: false, latencyMs: 0 });
  });

  async function look(code: string): Promise<LookupResult> {
    const result = await lookup.lookup(code);
    return LookupResult.parse(result); // every answer fits the contract
  }

  it('answers a cached SKU from the cache when offline, saying when it was confirmed', async () => {
    online = false;
    const result = await look('WD-000002');
    expect(result).toMatchObject({ kind: 'stock', matchedBy: 'sku', refreshing: false, stock: { sku: 'WD-000002', source: 'cache' } });
    expect(result.kind === 'stock' && result.stock.barcodes).toEqual(barcodes.get('WD-000002'));
    // Confirmed when the record was cached (ordered against the clock around that write, no margin).
    const confirmedAt = result.kind === 'stock' ? Date.parse(result.stock.confirmedAt) : Number.NaN;
    expect(confirmedAt).toBeGreaterThanOrEqual(cachedAt.from);
    expect(confirmedAt).toBeLessThanOrEqual(cachedAt.to);
  });

  it('answers from the cache at once when online, then pushes the fresh record from the service', async () => {
    const before = cache.reads.stockBySku('WD-000003')!;
    const warehouseId = before.levels[0]!.warehouseId;
    // The service changes behind the cache's back.
    await api.adjustStock('WD-000003', { warehouse_id: warehouseId, delta: 5, reason: 'found' }, crypto.randomUUID());
    const recorder = recordEvents(events);
    const result = await look('WD-000003');
    expect(result).toMatchObject({ kind: 'stock', refreshing: true, stock: { version: before.version, source: 'cache' } });
    const fresh = await recorder.waitFor('stock.updated', (s) => s.sku === 'WD-000003');
    recorder.detach();
    expect(fresh).toMatchObject({ source: 'service', version: before.version + 1, barcodes: before.barcodes });
    expect(fresh.levels.find((l) => l.warehouseId === warehouseId)!.onHand).toBe(before.levels[0]!.onHand + 5);
    expect(cache.reads.stockBySku('WD-000003')!.version).toBe(before.version + 1);
  });

  it('finds a SKU typed in lower case', async () => {
    expect(await look('wd-000004')).toMatchObject({ kind: 'stock', stock: { sku: 'WD-000004' } });
  });

  it('finds a GTIN-13 scanned as GTIN-14 with a leading 0, as a GS1 element string, or as UPC-A', async () => {
    online = false;
    const ean = barcodes.get('WD-000005')![0]!;
    expect(ean).toHaveLength(13);
    for (const code of [ean, `0${ean}`, `(01)0${ean}`, `010${ean}\u001d10LOT1`, `]C1010${ean}17261231`]) {
      expect(await look(code), code).toMatchObject({ kind: 'stock', matchedBy: 'gtin', stock: { sku: 'WD-000005' } });
    }
    // Every 13th demo EAN-13 starts with 0: its UPC-A (12 digits) is the same GTIN.
    const upcEan = barcodes.get('WD-000013')![0]!;
    expect(upcEan.startsWith('0')).toBe(true);
    expect(await look(upcEan.slice(1))).toMatchObject({ kind: 'stock', matchedBy: 'gtin', stock: { sku: 'WD-000013' } });
  });

  it('carries the lot, expiry, serial and count of a GS1 label in the answer, and nothing extra for a plain barcode', async () => {
    online = false;
    const ean = barcodes.get('WD-000005')![0]!;
    const label = `]d2010${ean}17261231\u001d10LOT-7\u001d21SN42\u001d3012`;
    expect(await look(label)).toMatchObject({
      kind: 'stock',
      matchedBy: 'gtin',
      stock: { sku: 'WD-000005' },
      gs1: { lot: 'LOT-7', expiry: '2026-12-31', serial: 'SN42', count: 12 },
    });
    expect(await look(`(10)B-9(01)0${ean}`)).toMatchObject({ gs1: { lot: 'B-9', expiry: null, serial: null, count: null } });
    expect(await look(ean)).not.toHaveProperty('gs1');
    expect(await look(`(01)0${ean}`)).not.toHaveProperty('gs1');
  });

  it('says what is wrong in a GS1 label instead of guessing', async () => {
    online = false;
    const ean = barcodes.get('WD-000005')![0]!;
    expect(await look(`(01)0${ean}(17)261341`)).toMatchObject({ kind: 'invalid', why: 'gs1_expiry_not_a_date', params: { value: '261341' }, problem: expect.stringMatching(/expiry date .* not a date/) });
    expect(await look('(10)LOT-ONLY')).toMatchObject({ kind: 'invalid', why: 'gs1_no_key', problem: expect.stringMatching(/no product/) });
  });

  it('finds a GTIN-14 outer-case code and a GTIN-8', async () => {
    online = false;
    const outer = barcodes.get('WD-000007')!.find((b) => b.length === 14)!;
    expect(await look(outer)).toMatchObject({ kind: 'stock', matchedBy: 'gtin', stock: { sku: 'WD-000007' } });
    const gtin8 = barcodes.get('WD-000029')!.find((b) => b.length === 8)!;
    expect(await look(gtin8)).toMatchObject({ kind: 'stock', matchedBy: 'gtin', stock: { sku: 'WD-000029' } });
  });

  it('refuses a barcode with a wrong check digit, and control characters', async () => {
    const ean = barcodes.get('WD-000005')![0]!;
    const wrong = ean.slice(0, 12) + String((Number(ean[12]) + 1) % 10);
    // Main's own refusal (a 13-digit code that is no SKU either) carries its code and values like the parser's.
    expect(await look(wrong)).toMatchObject({ kind: 'invalid', why: 'barcode_check_digit', params: { code: wrong }, problem: `the check digit of barcode ${wrong} is wrong` });
    expect(await look(`(01)0${wrong}`)).toMatchObject({ kind: 'invalid', why: 'gtin_check_digit', params: { gtin: `0${wrong}` }, problem: expect.stringMatching(/check digit/) });
    expect(await look('WD-000005\u0000')).toMatchObject({ kind: 'invalid', why: 'control_characters', params: {}, problem: expect.stringMatching(/control/) });
  });

  it('recognises a shipment token', async () => {
    expect(await look(' shp_4m2q8x0c7v6b5n1k3j9h ')).toEqual({ kind: 'shipment', code: 'shp_4m2q8x0c7v6b5n1k3j9h', token: 'shp_4m2q8x0c7v6b5n1k3j9h' });
  });

  it('offline, a miss says only the offline cache was searched', async () => {
    online = false;
    expect(await look('WD-000045')).toEqual({ kind: 'not_found', code: 'WD-000045', searched: 'cache' });
  });

  it('online, a SKU missing from the cache is read from the service and cached', async () => {
    expect(cache.reads.stockBySku('WD-000041')).toBeNull();
    expect(await look('WD-000041')).toMatchObject({ kind: 'stock', matchedBy: 'sku', refreshing: false, stock: { sku: 'WD-000041', source: 'service' } });
    expect(cache.reads.stockBySku('WD-000041')).not.toBeNull();
  });

  it('online, a GTIN missing from the cache is found through the products barcode filter', async () => {
    const product = (await api.listProducts({ sku_prefix: 'WD-000042' })).body.data[0]!;
    expect(cache.reads.skuByGtin14(product.barcodes[0]!.padStart(14, '0'))).toBeNull();
    expect(await look(product.barcodes[0]!)).toMatchObject({ kind: 'stock', matchedBy: 'gtin', stock: { sku: 'WD-000042', source: 'service' } });
    // Next time it is a cache hit.
    online = false;
    expect(await look(product.barcodes[0]!)).toMatchObject({ kind: 'stock', stock: { sku: 'WD-000042', source: 'cache' } });
  });

  it('online, a code the service does not know either is not found at the service', async () => {
    expect(await look('NOPE-1')).toEqual({ kind: 'not_found', code: 'NOPE-1', searched: 'service' });
    expect(await look('4006381333931')).toEqual({ kind: 'not_found', code: '4006381333931', searched: 'service' });
    // A valid UPC-E (04252614 = UPC-A 042100005264) of a product nobody holds: not found, never
    // "not valid" (its 8 digits are no valid EAN-8, and the service refuses such a barcode filter).
    expect(await look('04252614')).toEqual({ kind: 'not_found', code: '04252614', searched: 'service' });
    expect(await look(']E004252614')).toEqual({ kind: 'not_found', code: ']E004252614', searched: 'service' });
  });

  it('online, a numeric SKU as long as a GTIN that the cache does not hold is read from the service as a SKU', async () => {
    // The service's catalogue has numeric SKUs (the pattern allows them): two products get one,
    // written into the sandbox's own database. 96385074 has a valid GTIN-8 check digit, 12345678 not.
    const service = new Database(sandbox.dbPath);
    try {
      service.prepare('UPDATE products SET sku = ? WHERE sku = ?').run('96385074', 'WD-000055');
      service.prepare('UPDATE products SET sku = ? WHERE sku = ?').run('12345678', 'WD-000056');
    } finally {
      service.close();
    }
    expect((await api.readStock('96385074')).body.sku).toBe('96385074');
    for (const sku of ['96385074', '12345678']) {
      expect(cache.reads.stockBySku(sku)).toBeNull();
      expect(await look(sku), sku).toMatchObject({ kind: 'stock', matchedBy: 'sku', stock: { sku, source: 'service' } });
      expect(cache.reads.stockBySku(sku)).not.toBeNull();
    }
    // Digits that are neither a barcode nor a SKU: a wrong check digit is still said as such.
    expect(await look('12345670')).toMatchObject({ kind: 'not_found', searched: 'service' });
    expect(await look('12345679')).toMatchObject({ kind: 'invalid', problem: expect.stringMatching(/check digit/) });
  });

  it('a cached SKU the service no longer has: answered from the cache, then dropped from it and announced as removed', async () => {
    expect(cache.reads.stockBySku('WD-000021')).not.toBeNull();
    // Gone at the service (its SKU renamed in the sandbox's own database: the API deletes no product).
    const service = new Database(sandbox.dbPath);
    try {
      service.prepare('UPDATE products SET sku = ? WHERE sku = ?').run('WD-RENAMED-21', 'WD-000021');
    } finally {
      service.close();
    }
    const seen = recordEvents(events);
    expect(await look('WD-000021')).toMatchObject({ kind: 'stock', refreshing: true, stock: { sku: 'WD-000021', source: 'cache' } });
    await lookup.settled();
    expect(seen.of('stock.removed')).toEqual([{ sku: 'WD-000021' }]);
    expect(seen.of('stock.updated')).toEqual([]);
    expect(cache.reads.stockBySku('WD-000021')).toBeNull();
    expect(await look('WD-000021')).toMatchObject({ kind: 'not_found', searched: 'service' });
    seen.detach();
  });

  it('when the service cannot be reached after all, a miss is reported as searched in the cache only', async () => {
    sandbox.setFaults({ unreachable: true });
    expect(await look('WD-000050')).toEqual({ kind: 'not_found', code: 'WD-000050', searched: 'cache' });
  });
});
