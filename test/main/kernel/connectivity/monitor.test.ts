// ConnectivityMonitor: judged from real outcomes, probing while offline. The probe here is a real
// API client's ping() against a node:http server that the test stops and starts again. When it
// probes and when it stops probing is checked on a fake clock (its probe timer), never by sleeping
// and seeing that nothing happened.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../../src/main/kernel/api/client';
import { ConnectivityMonitor } from '../../../../src/main/kernel/connectivity/monitor';
import { Connectivity } from '../../../../src/shared/ipc/records';
import { apiError } from '../../../../src/main/kernel/api/api-error';
import { freePort, sendJson, startStub, type Stub } from '../api/support';

const monitors: ConnectivityMonitor[] = [];
const stubs: Stub[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const m of monitors.splice(0)) m.stop();
  await Promise.all(stubs.splice(0).map((s) => s.close()));
});

function monitorWith(probe: () => Promise<void>, probeIntervalMs = 20): ConnectivityMonitor {
  const monitor = new ConnectivityMonitor({ probe, probeIntervalMs });
  monitors.push(monitor);
  return monitor;
}

const networkDown = { ok: false, networkError: true, error: { code: 'network_error', message: 'Could not reach the service.' } };

describe('ConnectivityMonitor', () => {
  it('goes offline on a network error or timeout and online on any HTTP answer, even an error', () => {
    let clock = Date.parse('2025-01-06T08:00:00Z');
    const monitor = new ConnectivityMonitor({ probe: async () => undefined, now: () => new Date(clock) });
    const changes: Connectivity[] = [];
    monitor.onChange((c) => changes.push(c));
    expect(monitor.status).toEqual({ online: true, since: '2025-01-06T08:00:00.000Z', lastError: null });

    clock += 1000;
    monitor.report(networkDown);
    clock += 1000;
    monitor.report({ ok: false, networkError: true, error: { code: 'timeout', message: 'No answer.' } });
    expect(monitor.status).toEqual({ online: false, since: '2025-01-06T08:00:01.000Z', lastError: { code: 'timeout', message: 'No answer.' } });
    clock += 1000;
    monitor.report({ ok: false, networkError: false, status: 503, error: { code: 'service_unavailable', message: 'Busy.', status: 503 } });
    expect(monitor.status).toEqual({ online: true, since: '2025-01-06T08:00:03.000Z', lastError: null });
    monitor.report({ ok: true, networkError: false, status: 200 });

    // Only changes are announced, and each is a valid Connectivity record.
    expect(changes.map((c) => c.online)).toEqual([false, true]);
    for (const c of changes) expect(Connectivity.safeParse(c).success).toBe(true);
  });

  it('unsubscribes, and one throwing listener does not silence the others', () => {
    const monitor = new ConnectivityMonitor({ probe: async () => undefined });
    const heard: boolean[] = [];
    monitor.onChange(() => {
      throw new Error('listener bug');
    });
    const off = monitor.onChange((c) => heard.push(c.online));
    monitor.report(networkDown);
    off();
    monitor.report({ ok: true, networkError: false, status: 200 });
    expect(heard).toEqual([false]);
  });

  it('probes while offline and reports back online when the service answers again', async () => {
    const port = await freePort();
    const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, credentials: async () => null });
    let probes = 0;
    const monitor = monitorWith(async () => {
      probes++;
      if (probes === 3) stubs.push(await startStub((_req, res) => sendJson(res, 401, { error: { code: 'unauthorized', message: 'No token.', request_id: 'req_probe00000001' } }), port));
      await client.ping();
    });
    monitor.start();
    monitor.report(networkDown);
    await new Promise<void>((resolve) => monitor.onChange((c) => c.online && resolve()));
    expect(probes).toBe(3);
    expect(monitor.status.online).toBe(true);
    // That the loop then stops is shown on a fake clock below.
  });

  it('probes every interval while offline, and not while online, once back online, or after stop()', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let probes = 0;
    let down = true;
    const monitor = monitorWith(async () => {
      probes++;
      if (down) throw apiError('network_error', 'down');
    }, 20);
    monitor.start();
    // Online: nothing is scheduled at all, however far the clock goes.
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(probes).toBe(0);
    // Offline: one probe per interval, each scheduled once the one before has failed.
    monitor.report(networkDown);
    await vi.advanceTimersByTimeAsync(19);
    expect(probes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(probes).toBe(1);
    await vi.advanceTimersByTimeAsync(40);
    expect(probes).toBe(3);
    // The service answers the next probe: online, and the loop stops.
    down = false;
    await vi.advanceTimersByTimeAsync(20);
    expect(probes).toBe(4);
    expect(monitor.status.online).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(probes).toBe(4);
    // Offline again, then stopped: the scheduled probe is cancelled.
    down = true;
    monitor.report(networkDown);
    expect(vi.getTimerCount()).toBe(1);
    monitor.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(probes).toBe(4);
    expect(monitor.status.online).toBe(false);
  });

  it('check() probes at once; a failure that is not about the network changes nothing', async () => {
    let answer: () => Promise<void> = async () => {
      throw apiError('not_signed_in', 'Sign in first.');
    };
    const monitor = monitorWith(() => answer());
    monitor.report(networkDown);
    expect((await monitor.check()).online).toBe(false);
    answer = async () => {
      throw apiError('unauthorized', 'No token.', { status: 401 });
    };
    expect((await monitor.check()).online).toBe(true);
    answer = async () => {
      throw apiError('timeout', 'No answer.');
    };
    expect(await monitor.check()).toMatchObject({ online: false, lastError: { code: 'timeout' } });
  });
});

describe('ConnectivityMonitor while online and idle', () => {
  it('probes after each quiet stretch with no request heard of, and finds the service gone before a request fails', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let probes = 0;
    let down = false;
    const monitor = new ConnectivityMonitor({
      probe: async () => {
        probes++;
        if (down) throw apiError('network_error', 'down');
      },
      probeIntervalMs: 20,
      quietProbeMs: 100,
    });
    monitors.push(monitor);
    monitor.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(probes).toBe(1);
    // Requests keep it informed: no probe while they come.
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(50);
      monitor.report({ ok: true, networkError: false, status: 200 });
    }
    expect(probes).toBe(1);
    // The service goes away with nobody asking: the next quiet probe says so.
    down = true;
    await vi.advanceTimersByTimeAsync(150);
    expect(monitor.status.online).toBe(false);
    // Then the offline loop, each 20 ms, until it answers.
    const before = probes;
    await vi.advanceTimersByTimeAsync(40);
    expect(probes).toBe(before + 2);
    down = false;
    await vi.advanceTimersByTimeAsync(20);
    expect(monitor.status.online).toBe(true);
    monitor.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
