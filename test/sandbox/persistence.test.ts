// Data survives a restart on the same database file (no reseeding), and demo data is
// deterministic from its seed.
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index';
import { ApiClient, tempDir, validShipment, type Loose } from './helpers';

const dir = tempDir();
afterAll(() => dir.remove());

async function snapshot(api: ApiClient, token: string): Promise<Loose> {
  return {
    warehouses: (await api.call('listWarehouses', { token })).body,
    products: (await api.call('listProducts', { token, body: { limit: 500 } })).body.data,
    stock: (await api.call('listStock', { token, body: { limit: 500 } })).body.data,
    shipments: (await api.call('listShipments', { token, body: { limit: 500 } })).body.data,
  };
}

describe('restart', () => {
  it('keeps stock, adjustments, shipments, tokens and idempotency results; does not reseed', async () => {
    const dbPath = dir.file('persist.sqlite');
    const first = await startSandbox({ dbPath, rateLimit: false, demo: { skus: 100, shipments: 20 } });
    const api = new ApiClient(first.baseUrl);
    const token = await api.token('desk');
    const warehouse = (await api.call('listWarehouses', { token })).body.data[0].id;
    const key = crypto.randomUUID();
    const adjusted = await api.call('adjustStock', { token, params: { sku: 'WD-000007' }, body: { warehouse_id: warehouse, delta: 11, reason: 'received' }, idempotencyKey: key });
    const created = await api.call('createShipment', { token, body: validShipment(), idempotencyKey: crypto.randomUUID() });
    const before = await snapshot(api, token);
    expect(first.stats().adjustmentsApplied).toBe(1);
    await first.close();

    const second = await startSandbox({ dbPath, rateLimit: false, demo: { skus: 100, shipments: 20 } });
    try {
      const api2 = new ApiClient(second.baseUrl);
      expect(await snapshot(api2, token)).toEqual(before);
      expect((await api2.call('readStock', { token, params: { sku: 'WD-000007' } })).body).toEqual(adjusted.body.stock_item);
      expect((await api2.call('readShipment', { token, params: { token: created.body.token } })).body).toEqual(created.body);
      const replay = await api2.call('adjustStock', { token, params: { sku: 'WD-000007' }, body: { warehouse_id: warehouse, delta: 11, reason: 'received' }, idempotencyKey: key });
      expect(replay.text).toBe(adjusted.text);
      expect(second.stats().adjustmentsApplied).toBe(0);
      expect(second.adjustmentsFor('WD-000007')).toHaveLength(1);
    } finally {
      await second.close();
    }
    const db = new Database(dbPath, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.prepare('SELECT COUNT(*) AS n FROM products').get()).toEqual({ n: 125 });
    db.close();
  });
});

describe('deterministic demo data', () => {
  it('gives identical records for the same seed and different ones for another seed', async () => {
    const runs: Loose[] = [];
    for (const [name, seed] of [['a', 42], ['b', 42], ['c', 43]] as const) {
      const sandbox = await startSandbox({ dbPath: dir.file(`seed-${name}.sqlite`), rateLimit: false, demo: { skus: 60, shipments: 30, seed } });
      const api = new ApiClient(sandbox.baseUrl);
      runs.push(await snapshot(api, await api.token('desk')));
      await sandbox.close();
    }
    expect(runs[1]).toEqual(runs[0]);
    expect(runs[2].shipments.map((s: Loose) => s.token)).not.toEqual(runs[0].shipments.map((s: Loose) => s.token));
    expect(runs[0].products).toHaveLength(60);
    expect(runs[0].shipments).toHaveLength(30);
  });

  it('seeds at least 2,000 products and 200 shipments by default, fast, with 100,000 SKUs on request', async () => {
    const sandbox = await startSandbox({ rateLimit: false });
    const api = new ApiClient(sandbox.baseUrl);
    const token = await api.token('desk');
    let count = 0;
    let cursor: string | null = null;
    do {
      const page: Loose = await api.call('listProducts', { token, body: { limit: 500, cursor } });
      count += page.body.data.length;
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(count).toBe(2400);
    const shipments = (await api.call('listShipments', { token, body: { limit: 500 } })).body.data;
    expect(shipments).toHaveLength(240);
    await sandbox.close();

    const big = await startSandbox({ rateLimit: false, demo: { skus: 100_000, shipments: 10 } });
    const bigApi = new ApiClient(big.baseUrl);
    const bigToken = await bigApi.token('desk');
    expect((await bigApi.call('readStock', { token: bigToken, params: { sku: 'WD-100000' } })).status).toBe(200);
    await big.close();
  });

  it('demo: false gives the owners and no records', async () => {
    const sandbox = await startSandbox({ rateLimit: false, demo: false });
    const api = new ApiClient(sandbox.baseUrl);
    const token = await api.token('other');
    expect((await api.call('listWarehouses', { token })).body).toEqual({ data: [], next_cursor: null });
    await sandbox.close();
  });
});
