// Concurrent requests against one SKU: no update is lost, replays of one key apply once, and
// on_hand never goes below zero however the requests interleave.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, startTestSandbox, type Loose, type TestSandbox } from './helpers';

let t: TestSandbox;
let warehouse: string;

beforeAll(async () => {
  t = await startTestSandbox();
  warehouse = (await t.api.call('listWarehouses', { token: t.desk })).body.data[1].id;
});
afterAll(() => t.stop());

const onHandOf = (item: Loose): number => item.levels.find((l: Loose) => l.warehouse_id === warehouse)?.on_hand ?? 0;
const read = async (sku: string): Promise<Loose> => (await t.api.call('readStock', { token: t.desk, params: { sku } })).body;
const adjust = (sku: string, delta: number, key: string = crypto.randomUUID()) =>
  t.api.call('adjustStock', { token: t.desk, params: { sku }, body: { warehouse_id: warehouse, delta, reason: delta > 0 ? 'received' : 'damaged' }, idempotencyKey: key });

describe('concurrent adjustments of one SKU', () => {
  it('loses no update: 60 parallel +1 give +60 and version +60', async () => {
    const before = await read('WD-000020');
    const applied = t.sandbox.stats().adjustmentsApplied;
    const replies = await Promise.all(Array.from({ length: 60 }, () => adjust('WD-000020', 1)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const after = await read('WD-000020');
    expect(onHandOf(after)).toBe(onHandOf(before) + 60);
    expect(after.version).toBe(before.version + 60);
    expect(t.sandbox.stats().adjustmentsApplied).toBe(applied + 60);
    // Every answer saw a distinct version: the changes were serialised, not merged.
    expect(new Set(replies.map((r) => r.body.stock_item.version)).size).toBe(60);
  });

  it('applies one key once even when its replays arrive together', async () => {
    const key = crypto.randomUUID();
    const before = await read('WD-000021');
    const replies = await Promise.all(Array.from({ length: 20 }, () => adjust('WD-000021', 5, key)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.text)).size).toBe(1);
    expect(replies.filter((r) => r.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    expect(t.sandbox.adjustmentsFor('WD-000021').filter((a) => a.idempotencyKey === key)).toHaveLength(1);
    expect(onHandOf(await read('WD-000021'))).toBe(onHandOf(before) + 5);
  });

  it('never goes below zero: 25 parallel -1 on 10 units give 10 successes and 15 refusals', async () => {
    const current = onHandOf(await read('WD-000022'));
    if (current !== 10) await adjust('WD-000022', 10 - current);
    const replies = await Promise.all(Array.from({ length: 25 }, () => adjust('WD-000022', -1)));
    const ok = replies.filter((r) => r.status === 200);
    const refused = replies.filter((r) => r.status === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(15);
    for (const reply of refused) expectError(reply, 409, 'insufficient_stock');
    expect(onHandOf(await read('WD-000022'))).toBe(0);
  });

  it('keeps other SKUs apart: parallel changes of different SKUs each land once', async () => {
    const skus = ['WD-000030', 'WD-000031', 'WD-000032', 'WD-000033'];
    const before = await Promise.all(skus.map(read));
    await Promise.all(skus.flatMap((sku) => Array.from({ length: 10 }, () => adjust(sku, 2))));
    const after = await Promise.all(skus.map(read));
    skus.forEach((_sku, i) => expect(onHandOf(after[i])).toBe(onHandOf(before[i]) + 20));
  });
});
