import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreWorkerBundle } from '../../../src/harness/core-worker-bundle';
import { demoSandbox, type DemoSandbox } from '../../../src/main/composition/demo-sandbox';
import { startCoreThread, type CoreThread } from '../../../src/main/core-thread';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import type { SecretStore } from '../../../src/main/kernel/secrets/secret-store';
import { recordEvents } from '../composition/support/events';
import { ipcClient } from '../composition/support/ipc';
import { tempDir } from '../composition/support/temp-dir';

/** The OS threads of this process that the desk's worker threads run on, by name (Node names them after the Worker's `name`, cut to 15 characters). */
function deskThreads(): string[] {
  return readdirSync('/proc/self/task')
    .map((task) => {
      try {
        return readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim();
      } catch {
        return ''; // the thread ended while listed
      }
    })
    .filter((name) => name.startsWith('desk-'))
    .sort();
}

/**
 * The core in its worker thread, reached as the app reaches it: the real router on this thread,
 * every call and event across the port, the keychain and the demo service served from here.
 */
describe('the desk core in its own thread', () => {
  const dir = tempDir('desk-core-thread-');
  const keychainCalls: string[] = [];
  const keychain = createKeytarStore();
  // The host's keychain, watched: the thread asks it for every secret.
  const secrets: SecretStore = {
    get: (s, a) => (keychainCalls.push('get'), keychain.get(s, a)),
    set: (s, a, v) => (keychainCalls.push('set'), keychain.set(s, a, v)),
    delete: (s, a) => (keychainCalls.push('delete'), keychain.delete(s, a)),
  };
  let demo: DemoSandbox;
  let core: CoreThread;
  let ipc: ReturnType<typeof ipcClient>;
  let events: ReturnType<typeof recordEvents>;

  beforeAll(async () => {
    demo = demoSandbox(dir.path, { demo: { skus: 30, shipments: 3 }, rateLimit: false });
    core = await startCoreThread({
      dataDir: dir.path,
      secrets,
      startDemo: () => demo.start(),
      syncIntervalMs: 600_000,
      workerEntry: await coreWorkerBundle(),
    });
    ipc = ipcClient(core);
    events = recordEvents(core.events);
    await ipc.call('sync.now');
  }, 120_000);
  afterAll(async () => {
    await core?.close();
    dir.remove();
  });

  it('answers through the router: a lookup, an adjustment and its verdict as an event', async () => {
    expect(await ipc.call('stock.lookup', { code: 'WD-000003' })).toMatchObject({ kind: 'stock', code: 'WD-000003' });
    const warehouseId = (await ipc.call('warehouses.list'))[0]!.id;
    const entry = await ipc.call('stock.adjust', { sku: 'WD-000003', warehouseId, delta: 2, reason: 'received', note: 'across the port' });
    await events.waitFor('outbox.changed', (e) => e.id === entry.id && e.state === 'applied');
    expect(demo.current()!.adjustmentsFor('WD-000003').filter((a) => a.note === 'across the port')).toHaveLength(1);
  });

  it("keeps a refusal's code and words across the thread", async () => {
    expect(await ipc.fail('outbox.undo', { id: 'no-such-entry' })).toMatchObject({ code: 'outbox_entry_not_found', message: 'No such adjustment.' });
  });

  it('asks this thread for the keychain and the demo service', () => {
    expect(keychainCalls).toContain('get');
    expect(demo.current()).not.toBeNull();
  });

  it('refuses a second close quietly, and every call after it fails as a stopped core', async () => {
    const other = tempDir('desk-core-thread-closed-');
    const closing = await startCoreThread({ dataDir: other.path, secrets, demoByDefault: false, workerEntry: await coreWorkerBundle() });
    await closing.close();
    await closing.close();
    await expect(closing.handlers['app.info'](undefined)).rejects.toMatchObject({ error: { code: 'internal_error', reason: 'core_stopped' } });
    other.remove();
  }, 60_000);

  it('fails to start with a clear error when the data folder is unusable (no fallback to this thread)', async () => {
    const file = join(dir.path, 'not-a-folder');
    writeFileSync(file, 'a file where the data folder should be');
    const threadsBefore = deskThreads();
    const started = startCoreThread({ dataDir: file, secrets, demoByDefault: false, workerEntry: await coreWorkerBundle() });
    await expect(started).rejects.toMatchObject({ error: { code: 'internal_error', reason: 'start_failed' } });
    await expect(started).rejects.toThrow(/could not start/);
    // The cache reader's thread, started beside the core's, ends with it: none is left behind.
    expect(deskThreads()).toEqual(threadsBefore);
  }, 60_000);
});
