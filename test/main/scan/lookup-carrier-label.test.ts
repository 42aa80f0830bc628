import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openCache, type Cache } from '../../../src/main/composition/open-cache';
import type { ApiClient } from '../../../src/main/kernel/api';
import { CatalogRecorder } from '../../../src/main/kernel/cache';
import { EventHub } from '../../../src/main/kernel/ipc/event-hub';
import { LookupService } from '../../../src/main/scan';
import { LookupResult } from '../../../src/shared/ipc/records';
import type { RunningSandbox } from '../../../src/sandbox';
import type { Shipment } from '../../../src/shared/api/types';
import { startTestSandbox, testClient } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';

describe('lookup of a carrier label (SSCC or tracking number) to its shipment', () => {
  const dir = tempDir('desk-label-');
  let sandbox: RunningSandbox;
  let api: ApiClient;
  let cache: Cache;
  let online = true;
  let asked = 0;
  let lookup: LookupService;
  let shipments: Shipment[];

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    api = testClient(sandbox);
    shipments = (await api.listShipments({ limit: 100 })).body.data;
    cache = openCache(dir.path);
    const counting = new Proxy(api, {
      get: (target, name) => (name === 'listShipments' ? (...args: Parameters<ApiClient['listShipments']>) => ((asked += 1), target.listShipments(...args)) : target[name as keyof ApiClient]),
    });
    lookup = new LookupService({ cache, service: { recorder: new CatalogRecorder(cache), writes: cache.writes, events: new EventHub(), api: () => counting, online: () => online } });
  });
  afterAll(async () => {
    await lookup.settled();
    cache.close();
    await sandbox.close();
    dir.remove();
  });
  beforeEach(() => {
    online = true;
    asked = 0;
  });

  async function look(code: string): Promise<LookupResult> {
    return LookupResult.parse(await lookup.lookup(code));
  }
  const withTracking = () => shipments.filter((s) => s.tracking_number !== null);

  it('finds a shipment by the SSCC of one of its parcels, from the service, then from the cache offline', async () => {
    const shipment = shipments[5]!;
    const sscc = shipment.parcels.at(-1)!.sscc!;
    expect(await look(`(00)${sscc}`)).toEqual({ kind: 'shipment', code: `(00)${sscc}`, token: shipment.token });
    expect(asked).toBe(1);
    online = false;
    expect(await look(sscc)).toEqual({ kind: 'shipment', code: sscc, token: shipment.token });
    expect(await look(`00${sscc}`)).toMatchObject({ kind: 'shipment', token: shipment.token });
    expect(asked).toBe(1);
  });

  it('answers from the cache first when online (no request for a cached shipment)', async () => {
    const shipment = shipments[5]!;
    expect(await look(shipment.parcels[0]!.sscc!)).toMatchObject({ kind: 'shipment', token: shipment.token });
    expect(asked).toBe(0);
  });

  it('finds a shipment by its scanned tracking number from the service, then typed in any case and spacing from the cache', async () => {
    const shipment = withTracking()[3]!;
    expect(await look(shipment.tracking_number!.toLowerCase())).toEqual({ kind: 'shipment', code: shipment.tracking_number!.toLowerCase(), token: shipment.token });
    expect(asked).toBe(1);
    online = false;
    const typed = shipment.tracking_number!.toLowerCase().replace(/(.{4})/g, '$1 ');
    expect(await look(typed)).toEqual({ kind: 'shipment', code: typed.trim(), token: shipment.token });
  });

  it('typed with spaces, a tracking number is looked for in the cache only (free text never goes to the network)', async () => {
    const shipment = withTracking()[4]!;
    const typed = shipment.tracking_number!.replace(/(.{4})/g, '$1 ');
    expect(await look(typed)).toMatchObject({ kind: 'invalid' });
    expect(asked).toBe(0);
  });

  it('says not found for an SSCC nobody has, and offline says only the cache was searched', async () => {
    // 34012345999999999 + its GS1 check digit 9.
    const unknown = '340123459999999999';
    expect(await look(unknown)).toEqual({ kind: 'not_found', code: unknown, searched: 'service' });
    online = false;
    expect(await look(unknown)).toEqual({ kind: 'not_found', code: unknown, searched: 'cache' });
  });

  it('says plainly when the check digit of an SSCC is wrong, without asking the service', async () => {
    const misread = '340123459999999992';
    expect(await look(`(00)${misread}`)).toEqual({ kind: 'invalid', code: `(00)${misread}`, why: 'sscc_check_digit', params: { sscc: misread }, problem: `the check digit of SSCC ${misread} is wrong` });
    expect(asked).toBe(0);
  });

  it("opens every demo carrier's shipment by its tracking number as scanned, from the service, then offline from the cache", async () => {
    const byCarrier = new Map<string, Shipment>();
    for (const s of withTracking().slice(5, -1)) if (!byCarrier.has(s.carrier)) byCarrier.set(s.carrier, s);
    // The test sandbox's few shipments hold some carriers; the parser test reads every carrier's demo number.
    expect(byCarrier.size).toBeGreaterThanOrEqual(2);
    for (const shipment of byCarrier.values()) {
      online = true;
      expect(await look(shipment.tracking_number!), shipment.tracking_number!).toEqual({ kind: 'shipment', code: shipment.tracking_number, token: shipment.token });
      online = false;
      expect(await look(shipment.tracking_number!), shipment.tracking_number!).toEqual({ kind: 'shipment', code: shipment.tracking_number, token: shipment.token });
    }
  });

  it('a tracking number of a shipment not cached, offline, is not found in the cache', async () => {
    online = false;
    const shipment = withTracking().at(-1)!;
    expect(await look(shipment.tracking_number!)).toEqual({ kind: 'not_found', code: shipment.tracking_number, searched: 'cache' });
  });

  it('a SKU is still a SKU: no shipment lookup when the stock is found', async () => {
    online = false;
    const recorder = new CatalogRecorder(cache);
    recorder.stock((await api.readStock('WD-000001')).body);
    expect(await look('WD-000001')).toMatchObject({ kind: 'stock', stock: { sku: 'WD-000001' } });
    expect(asked).toBe(0);
  });
});
