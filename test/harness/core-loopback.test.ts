import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type RunningHarness } from '../../src/harness/index';
import { json, raw } from './loopback-client';

/**
 * The harness with the REAL core (demo mode, in-process sandbox, real SQLite in a temporary data
 * folder, the real keychain under scripts/with-keyring.sh) behind the real router, over real HTTP.
 */
let harness: RunningHarness;
let port: number;

beforeAll(async () => {
  harness = await startHarness({ testControls: true });
  port = Number(new URL(harness.origin).port);
});
afterAll(async () => {
  await harness?.close();
});

const call = async (channel: string, body: unknown) =>
  json(await raw(port, `/ipc/${channel}`, { method: 'POST', headers: { authorization: `Bearer ${harness.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })) as {
    ok: boolean;
    value?: unknown;
    error?: { code: string; details?: unknown[] };
  };
const control = async (path: string, body: unknown) =>
  json(await raw(port, path, { method: 'POST', headers: { authorization: `Bearer ${harness.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) }));

describe('startHarness', () => {
  it('refuses options it does not have, a host above all', async () => {
    await expect(startHarness({ host: '0.0.0.0' } as never)).rejects.toThrow(/127\.0\.0\.1/);
    await expect(startHarness({ port: -1 })).rejects.toThrow(RangeError);
  });

  it('serves on 127.0.0.1 with a token in the URL, the core in demo mode in a fresh data folder', async () => {
    expect(harness.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{64}$/);
    expect(existsSync(harness.dataDir)).toBe(true);
    expect(harness.core.sandbox()?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await call('app.info', {})).toMatchObject({ ok: true, value: { demo: true } });
  });
});

describe('the real router over the loopback', () => {
  it('answers a lookup from the demo data', async () => {
    const answer = await call('stock.lookup', { input: { code: 'WD-000001' } });
    expect(answer).toMatchObject({ ok: true, value: { code: 'WD-000001' } });
  });

  it('answers hostile channel names with unknown_channel', async () => {
    for (const channel of ['__proto__', 'constructor', 'stock', 'stock.', '.lookup', 'stock.lookup.x', 'STOCK.LOOKUP', 'account.signIn%00', '%F0%9F%92%A9']) {
      expect(await call(channel, {}), channel).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
  });

  it('answers hostile arguments with invalid_argument and changes nothing', async () => {
    // The first sync runs beside the calls (the core has its own thread): let it finish, so what changes is only what the calls did.
    expect(await call('sync.now', {})).toMatchObject({ ok: true });
    const outboxBefore = await call('outbox.list', {});
    const searchBefore = await call('stock.search', { input: { limit: 1 } });
    const hostile: Array<[string, unknown]> = [
      ['stock.adjust', { sku: 'WD-000001', warehouseId: 'wh_1', delta: 0, reason: 'count' }],
      ['stock.adjust', { sku: '../../etc/passwd', warehouseId: 'wh_1', delta: 1, reason: 'count' }],
      ['stock.adjust', { sku: 'WD-000001', warehouseId: 'wh_1', delta: 1e12, reason: 'count' }],
      ['stock.adjust', { sku: 'WD-000001', warehouseId: "wh'; DROP TABLE stock;--", delta: 1, reason: 'count' }],
      ['stock.adjust', JSON.parse('{"__proto__": {"delta": 5}, "sku": "WD-000001"}')],
      ['stock.adjust', 'WD-000001'],
      ['account.signIn', { baseUrl: 'javascript:alert(1)', clientId: 'x', clientSecret: 'y' }],
      ['account.signOut', { now: true }],
      ['shipments.cancel', { token: 'shp_../../../' }],
      ['stock.lookup', { code: 'x'.repeat(100_000) }],
    ];
    for (const [channel, input] of hostile) {
      const answer = await call(channel, { input });
      expect(answer.ok, `${channel} ${JSON.stringify(input).slice(0, 60)}`).toBe(false);
      expect(answer.error?.code).toBe('invalid_argument');
    }
    expect(await call('outbox.list', {})).toEqual(outboxBefore);
    expect((await call('stock.search', { input: { limit: 1 } })) as unknown).toEqual(searchBefore);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('events and test controls', () => {
  it('streams core events to an SSE client (a sync run reports progress)', async () => {
    // Awaited before the test ends: left running, its socket is cut when the harness closes.
    let syncCall: Promise<unknown> | undefined;
    const received = await new Promise<string[]>((resolve, reject) => {
      const events: string[] = [];
      let asked = false;
      const req = request({ host: '127.0.0.1', port, path: '/events', headers: { authorization: `Bearer ${harness.token}` } }, (res) => {
        let buffer = '';
        res.on('data', (chunk: Buffer) => {
          buffer += chunk.toString('utf8');
          if (!asked && buffer.includes(': connected')) {
            asked = true;
            syncCall = call('sync.now', {});
          }
          for (const line of buffer.split('\n')) if (line.startsWith('data: ')) events.push((JSON.parse(line.slice(6)) as { event: string }).event);
          buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
          if (events.includes('sync.progress')) {
            req.destroy();
            resolve(events);
          }
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(received).toContain('sync.progress');
    expect(await syncCall).toMatchObject({ ok: true });
  });

  it('take the real sandbox off the network and give it back', async () => {
    const sandbox = harness.core.sandbox()!;
    const probe = () =>
      fetch(`${sandbox.baseUrl}/1.0/auth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then(
        (r) => `http ${r.status}`,
        () => 'network error',
      );
    expect(await probe()).toMatch(/^http /);
    expect(await control('/__test/faults', { unreachable: true })).toEqual({ ok: true, value: { unreachable: true } });
    expect(await probe()).toBe('network error');
    expect(await control('/__test/faults', { unreachable: false })).toMatchObject({ ok: true });
    expect(await probe()).toMatch(/^http /);
  });

  it('refuse fault settings the sandbox would not accept', async () => {
    expect(await control('/__test/faults', { failureRate: 1.5 })).toMatchObject({ ok: false, error: { code: 'invalid_argument' } });
  });
});

describe('close', () => {
  it('stops the host and the core and removes the temporary data folder', async () => {
    const other = await startHarness({});
    const dir = other.dataDir;
    const otherPort = Number(new URL(other.origin).port);
    await other.close();
    expect(existsSync(dir)).toBe(false);
    await expect(raw(otherPort, '/')).rejects.toThrow();
    await other.close(); // idempotent
  });
});
