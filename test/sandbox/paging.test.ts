// Cursor pagination is stable while records change: paging while writes happen neither skips
// nor repeats a record; updated_since picks up exactly what changed. "Since a moment" is a moment
// strictly after every change so far, with the sandbox's clock stopped there (freshMoment), so a
// change made just before cannot share its millisecond, however fast the requests run.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestSandbox, validShipment, type Loose, type Reply, type TestSandbox } from './helpers';

let t: TestSandbox;
let warehouse: string;

beforeAll(async () => {
  t = await startTestSandbox();
  warehouse = (await t.api.call('listWarehouses', { token: t.desk })).body.data[0].id;
});
afterAll(() => t.stop());

const adjust = (sku: string, delta = 1) =>
  t.api.call('adjustStock', { token: t.desk, params: { sku }, body: { warehouse_id: warehouse, delta, reason: 'found' }, idempotencyKey: crypto.randomUUID() });

const sku = (n: number): string => `WD-${String(n).padStart(6, '0')}`;

describe('paging while writes happen', () => {
  it('stock: every SKU exactly once while seen and unseen items change between pages', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let page = 0;
    do {
      const reply: Reply<Loose> = await t.api.call('listStock', { token: t.desk, body: { limit: 20, cursor } });
      seen.push(...reply.body.data.map((item: Loose) => item.sku));
      cursor = reply.body.next_cursor;
      page++;
      // Change items already seen, the next ones and far ones: updated_at and version move.
      await Promise.all([adjust(sku(1)), adjust(sku(page * 20 + 1)), adjust(sku(page * 20 + 2)), adjust(sku(300 - page))]);
    } while (cursor);
    expect(seen).toHaveLength(300);
    expect(new Set(seen).size).toBe(300);
    expect(seen).toEqual([...seen].sort());
  });

  it('shipments: nothing skipped or repeated while shipments are created, cancelled and deleted', async () => {
    const all: Loose[] = [];
    let cursor: string | null = null;
    do {
      const reply: Reply<Loose> = await t.api.call('listShipments', { token: t.desk, body: { limit: 500, cursor } });
      all.push(...reply.body.data);
      cursor = reply.body.next_cursor;
    } while (cursor);
    const deletable = all.filter((s) => s.scope === 2);
    const cancellable = all.filter((s) => s.scope === 1 && (s.status === 'created' || s.status === 'label_ready'));
    const deleted = new Set<string>();
    const created: string[] = [];

    const seen: string[] = [];
    let page = 0;
    cursor = null;
    do {
      const reply: Reply<Loose> = await t.api.call('listShipments', { token: t.desk, body: { limit: 7, cursor } });
      seen.push(...reply.body.data.map((s: Loose) => s.token));
      cursor = reply.body.next_cursor;
      // Delete a scope 2 shipment not yet reached, cancel one, create one.
      const victim = deletable.find((s) => !seen.includes(s.token) && !deleted.has(s.token));
      if (victim) {
        await t.api.call('deleteShipment', { token: t.desk, params: { token: victim.token } });
        deleted.add(victim.token);
      }
      const toCancel = cancellable[page];
      if (toCancel) await t.api.call('cancelShipment', { token: t.desk, params: { token: toCancel.token } });
      const reply2 = await t.api.call('createShipment', { token: t.desk, body: validShipment({ reference: `PAGING-${page}` }), idempotencyKey: crypto.randomUUID() });
      created.push(reply2.body.token);
      page++;
    } while (cursor && page < 100);
    expect(new Set(seen).size).toBe(seen.length);
    for (const shipment of all) if (!deleted.has(shipment.token)) expect(seen).toContain(shipment.token);
    for (const token of deleted) expect(seen).not.toContain(token);
    // New shipments come after the existing ones, in creation order.
    const createdSeen = seen.filter((token) => created.includes(token));
    expect(createdSeen).toEqual(created.slice(0, createdSeen.length));
  });

  it('the same filters give the same order twice', async () => {
    const once = (await t.api.call('listProducts', { token: t.desk, body: { limit: 500 } })).body.data.map((p: Loose) => p.sku);
    const twice = (await t.api.call('listProducts', { token: t.desk, body: { limit: 500 } })).body.data.map((p: Loose) => p.sku);
    expect(twice).toEqual(once);
  });
});

describe('updated_since (incremental sync)', () => {
  afterEach(() => vi.restoreAllMocks());

  /**
   * A moment strictly after every stock and product change so far, and the sandbox's clock
   * (Date.now, in this process) stopped there: everything changed before is stamped before it,
   * everything changed from now on is stamped at it or later (updated_at never goes backwards).
   */
  async function freshMoment(): Promise<string> {
    const stock = (await t.api.call('listStock', { token: t.desk, body: { limit: 500 } })).body.data as Loose[];
    const products = (await t.api.call('listProducts', { token: t.desk, body: { limit: 500 } })).body.data as Loose[];
    const shipments = (await t.api.call('listShipments', { token: t.desk, body: { limit: 500 } })).body.data as Loose[];
    expect(stock.length + products.length).toBe(600); // one page each: every record is counted
    const latest = Math.max(Date.now(), ...[...stock, ...products, ...shipments].map((r) => Date.parse(r.updated_at)));
    vi.spyOn(Date, 'now').mockReturnValue(latest + 1);
    return new Date(latest + 1).toISOString();
  }

  it('returns exactly the stock items changed since a moment, and products are not touched by stock changes', async () => {
    const since = await freshMoment();
    const changed = [sku(40), sku(150), sku(299)];
    for (const s of changed) await adjust(s, 3);
    const stock = await t.api.call('listStock', { token: t.desk, body: { updated_since: since, limit: 500 } });
    expect(stock.body.data.map((item: Loose) => item.sku)).toEqual(changed);
    for (const item of stock.body.data) expect(Date.parse(item.updated_at)).toBeGreaterThanOrEqual(Date.parse(since));
    const products = await t.api.call('listProducts', { token: t.desk, body: { updated_since: since } });
    expect(products.body.data).toEqual([]);
  });

  it('pages through an updated_since filter and refuses its cursor with another filter value', async () => {
    const since = await freshMoment();
    for (let n = 100; n < 110; n++) await adjust(sku(n));
    const first = await t.api.call('listStock', { token: t.desk, body: { updated_since: since, limit: 4 } });
    const second = await t.api.call('listStock', { token: t.desk, body: { updated_since: since, limit: 4, cursor: first.body.next_cursor } });
    const third = await t.api.call('listStock', { token: t.desk, body: { updated_since: since, limit: 4, cursor: second.body.next_cursor } });
    expect([...first.body.data, ...second.body.data, ...third.body.data].map((i: Loose) => i.sku)).toEqual(Array.from({ length: 10 }, (_, i) => sku(100 + i)));
    expect(third.body.next_cursor).toBeNull();
    const other = await t.api.call('listStock', { token: t.desk, body: { updated_since: '2020-01-01T00:00:00Z', limit: 4, cursor: first.body.next_cursor } });
    expect(other.status).toBe(422);
  });

  it('shipments changed since a moment include cancelled ones, with updated_at moved', async () => {
    const since = await freshMoment();
    const list = (await t.api.call('listShipments', { token: t.desk, body: { status: 'created', limit: 1 } })).body.data[0];
    await t.api.call('cancelShipment', { token: t.desk, params: { token: list.token } });
    const changed = await t.api.call('listShipments', { token: t.desk, body: { updated_since: since } });
    expect(changed.body.data.map((s: Loose) => s.token)).toContain(list.token);
  });
});
