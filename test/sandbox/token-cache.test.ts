// The sandbox keeps verified tokens in memory (auth.ts): a token already used must still expire
// with time and with expireTokens(), and still work after a restart on the same file.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSandbox } from '../../src/sandbox/index';
import { ApiClient, expectContract, expectError, startTestSandbox, type TestSandbox } from './helpers';

const SKU = 'WD-000001';

describe('verified tokens kept in memory', () => {
  let t: TestSandbox | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await t?.stop();
    t = undefined;
  });

  it('a token in use expires when its time is up', async () => {
    t = await startTestSandbox({ tokenTtlSeconds: 60 });
    const first = await t.api.call('readStock', { params: { sku: SKU }, token: t.desk });
    expect(first.status).toBe(200);
    expect((await t.api.call('readStock', { params: { sku: SKU }, token: t.desk })).status).toBe(200);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    expectError(await t.api.call('readStock', { params: { sku: SKU }, token: t.desk }), 401, 'token_expired');
    vi.restoreAllMocks();
  });

  it('a token in use expires with expireTokens(); a new token works', async () => {
    t = await startTestSandbox();
    expect((await t.api.call('readStock', { params: { sku: SKU }, token: t.desk })).status).toBe(200);
    t.sandbox.expireTokens();
    expectError(await t.api.call('readStock', { params: { sku: SKU }, token: t.desk }), 401, 'token_expired');
    const fresh = await t.api.token('desk');
    expect((await t.api.call('readStock', { params: { sku: SKU }, token: fresh })).status).toBe(200);
  });

  it('each cached token reads its own owner\'s stock, with its own warehouses', async () => {
    t = await startTestSandbox();
    for (let round = 0; round < 2; round++) {
      for (const token of [t.desk, t.other]) {
        const warehouses = new Set((await t.api.call('listWarehouses', { token })).body.data.map((w: { id: string }) => w.id));
        const reply = await t.api.call('readStock', { params: { sku: SKU }, token });
        if (reply.status === 404) continue;
        expect(reply.status).toBe(200);
        for (const level of reply.body.levels) expect(warehouses.has(level.warehouse_id)).toBe(true);
      }
    }
  });

  it('a token used before a restart still works after it, read from the file', async () => {
    t = await startTestSandbox();
    const dbPath = t.sandbox.dbPath;
    expect((await t.api.call('readStock', { params: { sku: SKU }, token: t.desk })).status).toBe(200);
    await t.sandbox.close();
    const again = await startSandbox({ rateLimit: false, dbPath });
    try {
      const reply = await new ApiClient(again.baseUrl).call('readStock', { params: { sku: SKU }, token: t.desk });
      expect(reply.status).toBe(200);
      expectContract('readStock', reply);
      again.expireTokens();
      expectError(await new ApiClient(again.baseUrl).call('readStock', { params: { sku: SKU }, token: t.desk }), 401, 'token_expired');
    } finally {
      await again.close();
      t.dir.remove();
      t = undefined;
    }
  });
});
