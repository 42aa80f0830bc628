import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { DEMO_OWNERS, type RunningSandbox } from '../../../src/sandbox';
import { recordEvents } from '../composition/support/events';
import { ipcClient } from '../composition/support/ipc';
import { startTestSandbox } from '../composition/support/sandbox';
import { tempDir } from '../composition/support/temp-dir';

/** The real fetch; while `cut` is set, every request but the token endpoint's fails as a dropped network would. */
function cuttableFetch() {
  const state = { cut: false };
  const wrapped: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (state.cut && !url.endsWith('/auth/token')) throw new TypeError('fetch failed');
    return fetch(input, init);
  };
  return { fetch: wrapped, state };
}

describe('sync status across an account switch (real SQLite, sandbox over HTTP, real keychain)', () => {
  let sandbox: RunningSandbox;
  const dir = tempDir('desk-sync-switch-');
  const net = cuttableFetch();
  let core: DeskCore;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    core = await createDeskCore({ dataDir: dir.path, secrets: createKeytarStore(), demoByDefault: false, syncIntervalMs: 600_000, fetch: net.fetch });
  });
  afterAll(async () => {
    await core.close();
    await sandbox.close();
    dir.remove();
  });

  it("never shows the previous account's last sync as the new account's: its cache was cleared and it has not synced", async () => {
    const ipc = ipcClient(core);
    await ipc.call('account.signIn', { baseUrl: sandbox.baseUrl, ...DEMO_OWNERS.desk });
    const first = await ipc.call('sync.now');
    expect(first).toMatchObject({ state: 'idle', lastSyncedAt: expect.any(String) });

    // Another account signs in; the service answers its token but nothing else (the network drops).
    net.state.cut = true;
    const events = recordEvents(core.events);
    await ipc.call('account.signIn', { baseUrl: sandbox.baseUrl, ...DEMO_OWNERS.other });
    const synced = await ipc.call('sync.now');
    events.detach();

    expect((await ipc.call('stock.search', {})).total).toBe(0); // the first account's records are gone
    expect(events.of('sync.progress').map((s) => s.lastSyncedAt)).toEqual(events.of('sync.progress').map(() => null));
    expect(synced).toMatchObject({ state: 'failed', lastSyncedAt: null, lastError: { code: 'network_error' } });
    expect(await ipc.call('sync.status')).toMatchObject({ state: 'failed', lastSyncedAt: null });
    net.state.cut = false;
  });
});
