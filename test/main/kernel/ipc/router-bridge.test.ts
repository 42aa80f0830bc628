import { describe, expect, it } from 'vitest';
import { createIpcRouter, type Handlers } from '../../../../src/main/kernel/ipc/router';
import { createBridge } from '../../../../src/preload/create-bridge';
import { ApiError } from '../../../../src/main/kernel/api/api-error';
import { failure } from '../../../../src/shared/ipc/result';

const now = '2026-11-21T10:00:00.000Z';
function handlersWith(overrides: Partial<Handlers>): Handlers {
  const unused = () => {
    throw new Error('not used in this test');
  };
  return new Proxy(overrides, { get: (t, k) => (t as Record<string | symbol, unknown>)[k] ?? unused }) as Handlers;
}

describe('IPC router', () => {
  const handlers = handlersWith({
    'account.connectivity': () => ({ online: true, since: now, lastError: null }),
    'stock.lookup': ({ code }) => ({ kind: 'not_found', code, searched: 'service' }),
    'outbox.retry': () => {
      throw failure('outbox_entry_not_found', 'No such adjustment.');
    },
    'sync.status': () => {
      throw new Error('boom: /home/user/secret path');
    },
    'shipments.cancel': () => {
      throw new ApiError(
        { code: 'shipment_not_cancellable', message: 'Already shipped.', status: 409, requestId: 'req_1', details: [{ field: 'token', problem: 'is shipped' }] },
        2000,
      );
    },
  });
  const logged: unknown[] = [];
  const router = createIpcRouter<{ trusted: boolean }>(handlers, { isTrustedSender: (s) => s.trusted, logError: (_c, e) => logged.push(e) });
  const trusted = { trusted: true };

  it('answers a valid call with ok and the value', async () => {
    expect(await router.handle('stock.lookup', { code: 'WD-1' }, trusted)).toEqual({ ok: true, value: { kind: 'not_found', code: 'WD-1', searched: 'service' } });
  });

  it.each([
    ['missing argument', 'stock.lookup', undefined],
    ['wrong type', 'stock.lookup', { code: 42 }],
    ['empty code', 'stock.lookup', { code: '' }],
    ['oversized code', 'stock.lookup', { code: 'x'.repeat(10_000) }],
    ['extra argument to a no-argument call', 'account.connectivity', { evil: true }],
    ['prototype pollution attempt', 'stock.adjust', JSON.parse('{"__proto__": {"admin": true}, "sku": "A", "warehouseId": "wh_1", "delta": 0, "reason": "lost"}')],
    ['zero delta', 'stock.adjust', { sku: 'WD-1', warehouseId: 'wh_1', delta: 0, reason: 'lost' }],
    ['fractional delta', 'stock.adjust', { sku: 'WD-1', warehouseId: 'wh_1', delta: 1.5, reason: 'lost' }],
    ['unknown reason', 'stock.adjust', { sku: 'WD-1', warehouseId: 'wh_1', delta: 1, reason: 'stolen' }],
    ['path traversal in sku', 'stock.adjust', { sku: '../admin', warehouseId: 'wh_1', delta: 1, reason: 'lost' }],
  ])('refuses %s with invalid_argument', async (_name, channel, input) => {
    const answer = await router.handle(channel, input, trusted);
    expect(answer.ok).toBe(false);
    if (!answer.ok) {
      expect(answer.error.code).toBe('invalid_argument');
      expect(answer.error.details?.length).toBeGreaterThan(0);
    }
  });

  it('refuses unknown channels, including inherited property names', async () => {
    for (const channel of ['nope', '__proto__', 'constructor', 'toString', 42, null]) {
      expect(await router.handle(channel, undefined, trusted)).toMatchObject({ ok: false, error: { code: 'unknown_channel' } });
    }
  });

  it('refuses an untrusted sender before looking at anything else', async () => {
    expect(await router.handle('account.connectivity', undefined, { trusted: false })).toMatchObject({ ok: false, error: { code: 'untrusted_sender' } });
  });

  it('passes typed failures through and hides unexpected exceptions', async () => {
    expect(await router.handle('outbox.retry', { id: 'x' }, trusted)).toMatchObject({ ok: false, error: { code: 'outbox_entry_not_found' } });
    const hidden = await router.handle('sync.status', undefined, trusted);
    expect(hidden).toMatchObject({ ok: false, error: { code: 'internal_error' } });
    expect(JSON.stringify(hidden)).not.toContain('secret');
    expect(logged).toHaveLength(1);
  });

  it("maps the API client's ApiError to the contract's error, field for field, as plain data", async () => {
    const answer = await router.handle('shipments.cancel', { token: 'shp_0123456789abcdefghij' }, trusted);
    expect(answer).toStrictEqual({
      ok: false,
      error: { code: 'shipment_not_cancellable', message: 'Already shipped.', status: 409, requestId: 'req_1', details: [{ field: 'token', problem: 'is shipped' }] },
    });
    expect(structuredClone(answer)).toStrictEqual(answer);
    expect(logged.some((e) => e instanceof ApiError)).toBe(false);
  });
});

describe('createBridge over a loopback to the router', () => {
  const router = createIpcRouter<null>(
    handlersWith({ 'stock.lookup': ({ code }) => ({ kind: 'not_found', code, searched: 'cache' }) }),
    { isTrustedSender: () => true },
  );
  let emit: (event: string, payload: unknown) => void = () => {};
  const desk = createBridge(
    (channel, input) => router.handle(channel, input, null),
    (listener) => {
      emit = listener;
      return () => {};
    },
  );

  it('exposes named functions per domain and answers Results', async () => {
    expect(await desk.stock.lookup({ code: '123' })).toEqual({ ok: true, value: { kind: 'not_found', code: '123', searched: 'cache' } });
    expect(Object.isFrozen(desk)).toBe(true);
  });

  it('delivers only events that match the contract', () => {
    const seen: unknown[] = [];
    const off = desk.on('connectivity.changed', (c) => seen.push(c.online));
    emit('connectivity.changed', { online: false, since: now, lastError: null });
    emit('connectivity.changed', { online: 'maybe' });
    emit('no.such.event', {});
    off();
    emit('connectivity.changed', { online: true, since: now, lastError: null });
    expect(seen).toEqual([false]);
  });

  it('turns a malformed answer from main into a typed error', async () => {
    const broken = createBridge(async () => ({ ok: true, value: { kind: 'bogus' } }), () => () => {});
    expect(await broken.stock.lookup({ code: 'x' })).toMatchObject({ ok: false, error: { code: 'internal_error' } });
  });
});
