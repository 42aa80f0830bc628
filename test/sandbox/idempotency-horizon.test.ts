// The contract keeps an Idempotency-Key for 24 hours and promises nothing after. The sandbox keeps
// it exactly that long on its own clock, which the test moves: a replay inside the horizon is the
// stored result, a replay after it is a new request (applied again). This is what lets the app's
// tests see a resend that comes too late.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HORIZON_MS } from '../../src/sandbox/idempotency';
import { expectError, startTestSandbox, validShipment, type Loose, type TestSandbox } from './helpers';

let t: TestSandbox;
let warehouse: string;

beforeAll(async () => {
  t = await startTestSandbox();
  warehouse = (await t.api.call('listWarehouses', { token: t.desk })).body.data[0].id;
});
afterAll(() => t.stop());

const HOUR = 3600 * 1000;

/** Moves the sandbox's clock and takes a fresh token (a day later, the old one has expired). */
async function later(ms: number): Promise<string> {
  t.sandbox.advanceClock(ms);
  return t.api.token('desk');
}

function adjust(token: string, sku: string, key: string, delta = 2): Promise<Loose> {
  return t.api.call('adjustStock', { token, params: { sku }, body: { warehouse_id: warehouse, delta, reason: 'found' }, idempotencyKey: key });
}

const appliedWith = (sku: string, key: string): number => t.sandbox.adjustmentsFor(sku).filter((a) => a.idempotencyKey === key).length;

describe('the idempotency horizon', () => {
  it('is the 24 hours the contract promises', () => {
    expect(IDEMPOTENCY_HORIZON_MS).toBe(24 * HOUR);
  });

  it('replays a key up to 24 h after its first use, and treats it as new after that', async () => {
    const key = crypto.randomUUID();
    let token = t.desk;
    const first = await adjust(token, 'WD-000011', key);
    expect(first.status).toBe(200);

    token = await later(24 * HOUR - 60_000);
    const inside = await adjust(token, 'WD-000011', key);
    expect(inside.headers.get('idempotent-replayed')).toBe('true');
    expect(inside.text).toBe(first.text);
    expect(appliedWith('WD-000011', key)).toBe(1);

    token = await later(2 * 60_000);
    const after = await adjust(token, 'WD-000011', key);
    expect(after.status).toBe(200);
    expect(after.headers.get('idempotent-replayed')).toBeNull();
    expect(after.body.stock_item.version).toBeGreaterThan(first.body.stock_item.version);
    expect(appliedWith('WD-000011', key)).toBe(2);

    // The new use starts a new horizon: a retry now replays the second result.
    const retry = await adjust(token, 'WD-000011', key);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.text).toBe(after.text);
    expect(appliedWith('WD-000011', key)).toBe(2);
  });

  it('forgets a stored refusal and the body a key was bound to after the horizon', async () => {
    const key = crypto.randomUUID();
    let token = await t.api.token('desk');
    expectError(await adjust(token, 'WD-000012', key, -1_000_000), 409, 'insufficient_stock');
    expectError(await adjust(token, 'WD-000012', key, 3), 409, 'idempotency_key_reused');
    token = await later(IDEMPOTENCY_HORIZON_MS + 1);
    const fresh = await adjust(token, 'WD-000012', key, 3);
    expect(fresh.status).toBe(200);
    expect(appliedWith('WD-000012', key)).toBe(1);
  });

  it('holds for shipments/create too', async () => {
    const key = crypto.randomUUID();
    let token = await t.api.token('desk');
    const first = await t.api.call('createShipment', { token, body: validShipment(), idempotencyKey: key });
    const replay = await t.api.call('createShipment', { token, body: validShipment(), idempotencyKey: key });
    expect(replay.body.token).toBe(first.body.token);
    token = await later(IDEMPOTENCY_HORIZON_MS + 1);
    const second = await t.api.call('createShipment', { token, body: validShipment(), idempotencyKey: key });
    expect(second.status).toBe(200);
    expect(second.body.token).not.toBe(first.body.token);
  });

  it('moves only forward', () => {
    expect(() => t.sandbox.advanceClock(-1)).toThrow(RangeError);
    expect(() => t.sandbox.advanceClock(1.5)).toThrow(RangeError);
  });
});
