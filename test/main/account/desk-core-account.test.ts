import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { CredentialVault, createKeytarStore, type SecretStore } from '../../../src/main/kernel/secrets';
import { failure } from '../../../src/shared/ipc/result';
import { DEMO_OWNERS, type RunningSandbox } from '../../../src/sandbox';
import { recordEvents } from '../composition/support/events';
import { tokenSpyingFetch } from '../composition/support/fetch-spy';
import { ipcClient } from '../composition/support/ipc';
import { startTestSandbox } from '../composition/support/sandbox';
import { filesContaining } from '../composition/support/scan-files';
import { tempDir } from '../composition/support/temp-dir';

const keychain = createKeytarStore();
const { clientId, clientSecret } = DEMO_OWNERS.desk;
const other = DEMO_OWNERS.other;

/** A keychain that is not there (no Secret Service on this desk). */
const noKeychain: SecretStore = {
  get: async () => {
    throw failure('keychain_unavailable', 'No Secret Service.');
  },
  set: async () => {
    throw failure('keychain_unavailable', 'No Secret Service.');
  },
  delete: async () => {
    throw failure('keychain_unavailable', 'No Secret Service.');
  },
};

describe('desk core accounts (real keychain, sandbox over HTTP)', () => {
  let sandbox: RunningSandbox;
  const dirs: Array<ReturnType<typeof tempDir>> = [];
  const cores: DeskCore[] = [];
  const spy = tokenSpyingFetch();

  async function core(dir: string, extra: Partial<Parameters<typeof createDeskCore>[0]> = {}): Promise<DeskCore> {
    const c = await createDeskCore({ dataDir: dir, secrets: keychain, demoByDefault: false, syncIntervalMs: 600_000, fetch: spy.fetch, ...extra });
    cores.push(c);
    return c;
  }
  function dir(): string {
    const d = tempDir('desk-core-account-');
    dirs.push(d);
    return d.path;
  }

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    for (const c of cores) await c.close();
    for (const d of dirs) d.remove();
    await sandbox.close();
  });

  it('signed out (no demo by default): answers from nothing, refuses what needs an account', async () => {
    const ipc = ipcClient(await core(dir()));
    expect(await ipc.call('account.status')).toEqual({ mode: 'signed_out', baseUrl: null, clientId: null, keychain: 'available' });
    expect(await ipc.call('stock.lookup', { code: 'WD-000001' })).toEqual({ kind: 'not_found', code: 'WD-000001', searched: 'cache' });
    expect(await ipc.call('stock.search', {})).toEqual({ rows: [], total: 0 });
    expect(await ipc.call('outbox.list')).toMatchObject({ entries: [] });
    expect((await ipc.fail('stock.adjust', { sku: 'WD-000001', warehouseId: 'wh_a', delta: 1, reason: 'found' })).code).toBe('not_signed_in');
    expect((await ipc.fail('sync.now')).code).toBe('not_signed_in');
    expect((await ipc.fail('shipments.cancel', { token: 'shp_aaaaaaaaaaaaaaaaaaaa' })).code).toBe('not_signed_in');
    expect((await ipc.call('account.connectivity')).online).toBe(false);
    expect((await ipc.call('sync.status')).state).toBe('idle');
  });

  it('signs in: checks the credentials with a token, keeps secret and token in the keychain only, then syncs', async () => {
    const dataDir = dir();
    const c = await core(dataDir);
    const ipc = ipcClient(c);
    const events = recordEvents(c.events);

    const refused = await ipc.fail('account.signIn', { baseUrl: sandbox.baseUrl, clientId, clientSecret: 'wrong-secret' });
    expect(refused.code).toBe('invalid_credentials');
    expect(await new CredentialVault(keychain).loadSecret({ baseUrl: sandbox.baseUrl, clientId })).toBeNull();

    const status = await ipc.call('account.signIn', { baseUrl: `${sandbox.baseUrl}/`, clientId, clientSecret });
    expect(status).toEqual({ mode: 'signed_in', baseUrl: sandbox.baseUrl, clientId, keychain: 'available' });
    await events.waitFor('account.changed', (s) => s.mode === 'signed_in');
    const vault = new CredentialVault(keychain);
    expect(await vault.loadSecret({ baseUrl: sandbox.baseUrl, clientId })).toBe(clientSecret);
    expect((await vault.loadToken({ baseUrl: sandbox.baseUrl, clientId }))?.token).toEqual(expect.any(String));
    const settings = JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'));
    expect(settings).toMatchObject({ account: { baseUrl: sandbox.baseUrl, clientId }, demo: false });

    await events.waitFor('sync.progress', (s) => s.state === 'idle' && s.lastSyncedAt !== null);
    expect((await ipc.call('stock.search', { query: 'WD' })).total).toBe(60);
    expect(await ipc.call('stock.lookup', { code: 'WD-000001' })).toMatchObject({ kind: 'stock', refreshing: true });
    events.detach();
  });

  it('starts signed in after a restart, from the keychain, and works offline from the cache', async () => {
    const dataDir = dir();
    const first = await core(dataDir);
    await ipcClient(first).call('account.signIn', { baseUrl: sandbox.baseUrl, clientId, clientSecret });
    await ipcClient(first).call('sync.now');
    await first.close();

    const second = await core(dataDir);
    const ipc = ipcClient(second);
    expect(await ipc.call('account.status')).toMatchObject({ mode: 'signed_in', clientId });
    expect((await ipc.call('sync.now')).state).toBe('idle');
    sandbox.setFaults({ unreachable: true });
    try {
      await ipc.call('stock.lookup', { code: 'WD-000002' });
      expect(await ipc.call('stock.lookup', { code: 'WD-000002' })).toMatchObject({ kind: 'stock', stock: { source: 'cache' } });
    } finally {
      sandbox.setFaults({ unreachable: false });
    }
  });

  it('switching accounts clears the cached catalog and the first account\'s keychain entries; sign-out removes the second\'s and the cache', async () => {
    const dataDir = dir();
    const c = await core(dataDir);
    const ipc = ipcClient(c);
    const vault = new CredentialVault(keychain);
    const first = { baseUrl: sandbox.baseUrl, clientId };
    await ipc.call('account.signIn', { baseUrl: sandbox.baseUrl, clientId, clientSecret });
    expect((await ipc.call('sync.now')).state).toBe('idle');
    expect((await ipc.call('stock.search', { query: 'WD' })).total).toBe(60);
    expect(await vault.loadSecret(first)).toBe(clientSecret);

    // Signing in again as the same account keeps its entries (they were just written again).
    await ipc.call('account.signIn', { baseUrl: `${sandbox.baseUrl}/`, clientId, clientSecret });
    expect(await vault.loadSecret(first)).toBe(clientSecret);

    const events = recordEvents(c.events);
    await ipc.call('account.signIn', { baseUrl: sandbox.baseUrl, clientId: other.clientId, clientSecret: other.clientSecret });
    expect(await vault.loadSecret(first)).toBeNull();
    expect(await vault.loadToken(first)).toBeNull();
    // The new session's own connectivity and sync are announced with it, in that order.
    const switched = events.seen.findIndex((e) => e.event === 'account.changed');
    expect(events.seen.slice(switched, switched + 3).map((e) => e.event)).toEqual(['account.changed', 'connectivity.changed', 'sync.progress']);
    expect(events.of('account.changed')[0]).toMatchObject({ mode: 'signed_in', clientId: other.clientId });
    expect(events.of('connectivity.changed')[0]).toMatchObject({ online: true, lastError: null });
    events.detach();
    expect((await ipc.call('sync.now')).state).toBe('idle');
    expect((await ipc.call('stock.search', { query: 'WD' })).total).toBe(0);
    expect((await ipc.call('stock.search', { query: 'OT' })).total).toBe(25);
    expect((await ipc.call('warehouses.list')).map((w) => w.code)).toEqual(['BCN1', 'MIL1']);

    const signOut = recordEvents(c.events);
    expect(await ipc.call('account.signOut')).toMatchObject({ mode: 'signed_out' });
    expect(await vault.loadSecret({ baseUrl: sandbox.baseUrl, clientId: other.clientId })).toBeNull();
    expect(await vault.loadToken({ baseUrl: sandbox.baseUrl, clientId: other.clientId })).toBeNull();
    expect(signOut.of('connectivity.changed')).toEqual([expect.objectContaining({ online: false, lastError: expect.objectContaining({ code: 'not_signed_in' }) })]);
    expect(signOut.of('sync.progress')).toEqual([expect.objectContaining({ state: 'idle', phase: null })]);
    expect(await ipc.call('account.connectivity')).toEqual(signOut.of('connectivity.changed')[0]);
    signOut.detach();
    expect((await ipc.call('stock.search', {})).total).toBe(0);
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8'))).toMatchObject({ account: null, demo: false });
  });

  it('a sign-in whose token the keychain refuses leaves no client secret behind', async () => {
    // The keychain takes the secret, then fails on the token (a locked collection, say).
    const failingOnToken: SecretStore = {
      get: (service, account) => keychain.get(service, account),
      delete: (service, account) => keychain.delete(service, account),
      set: async (service, account, secret) => {
        if (service.startsWith('warehouse-desk token ')) throw failure('keychain_unavailable', 'The keychain is locked.');
        return keychain.set(service, account, secret);
      },
    };
    const ipc = ipcClient(await core(dir(), { secrets: failingOnToken }));
    expect((await ipc.fail('account.signIn', { baseUrl: sandbox.baseUrl, clientId: other.clientId, clientSecret: other.clientSecret })).code).toBe('keychain_unavailable');
    expect(await new CredentialVault(keychain).loadSecret({ baseUrl: sandbox.baseUrl, clientId: other.clientId })).toBeNull();
    expect(await ipc.call('account.status')).toMatchObject({ mode: 'signed_out' });
  });

  it('never writes a credential or a token into the data folder', async () => {
    const dataDir = dir();
    const c = await core(dataDir);
    const ipc = ipcClient(c);
    await ipc.call('account.signIn', { baseUrl: sandbox.baseUrl, clientId, clientSecret });
    await ipc.call('sync.now');
    await ipc.call('stock.adjust', { sku: 'WD-000003', warehouseId: (await ipc.call('warehouses.list'))[0]!.id, delta: 1, reason: 'found' });
    await c.close();
    expect(spy.tokens.size).toBeGreaterThan(0);
    expect(readdirSync(dataDir).sort()).toEqual(expect.arrayContaining(['cache.sqlite', 'settings.json']));
    expect(filesContaining(dataDir, [clientSecret, other.clientSecret, ...spy.tokens])).toEqual([]);
  });

  it('without a keychain: says so, refuses to sign in (nothing stored in plain text), the demo still works', async () => {
    const dataDir = dir();
    const c = await core(dataDir, { secrets: noKeychain, demoSandbox: { demo: { skus: 20, shipments: 3 }, rateLimit: false } });
    const ipc = ipcClient(c);
    expect((await ipc.call('account.status')).keychain).toBe('unavailable');
    expect((await ipc.fail('account.signIn', { baseUrl: sandbox.baseUrl, clientId, clientSecret })).code).toBe('keychain_unavailable');
    expect((await ipc.call('account.status')).mode).toBe('signed_out');
    expect(filesContaining(dataDir, [clientSecret])).toEqual([]);
    expect(await ipc.call('account.startDemo')).toMatchObject({ mode: 'demo', keychain: 'unavailable' });
    expect(await ipc.call('stock.lookup', { code: 'WD-000004' })).toMatchObject({ kind: 'stock' });
    expect(existsSync(join(dataDir, 'demo-sandbox.sqlite'))).toBe(true);
  });

  it('starts with a damaged cache file and a broken settings file: both rebuilt, both noticed', async () => {
    const dataDir = dir();
    writeFileSync(join(dataDir, 'cache.sqlite'), 'garbage, not SQLite '.repeat(500));
    writeFileSync(join(dataDir, 'settings.json'), '{"version": 1, "preferences": ');
    const ipc = ipcClient(await core(dataDir));
    const info = await ipc.call('app.info');
    expect(info.notices.map((n) => n.code).sort()).toEqual(['cache_rebuilt', 'settings_reset']);
    expect(info.notices.every((n) => n.level === 'warning')).toBe(true);
    expect((await ipc.call('settings.get')).scanner.maxInterKeyMs).toBe(50);
    expect(readdirSync(dataDir).filter((f) => /\.corrupt-|\.broken-/.test(f))).toHaveLength(2);
  });

  it('syncs again on its timer while online: one run per interval, started by the timer alone', async () => {
    // A fake clock for the session's timers (setInterval); the network and everything else stay
    // real. A run starts when the test moves the clock one interval on, not after a real wait.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const c = await core(dir(), { syncIntervalMs: 250 });
      const events = recordEvents(c.events);
      await ipcClient(c).call('account.signIn', { baseUrl: sandbox.baseUrl, clientId, clientSecret });
      const runsStarted = () => events.of('sync.progress').filter((s, i, all) => s.state === 'running' && all[i - 1]?.state !== 'running').length;
      const runsFinished = () => events.of('sync.progress').filter((s) => s.state === 'idle' && s.lastSyncedAt !== null).length;
      // The first run came with the sign-in. After each run's last event, one turn of the event
      // loop lets the engine put the run away (a run still winding up is joined, not repeated).
      const wound = () => new Promise((resolve) => setImmediate(resolve));
      await events.waitFor('sync.progress', (s) => s.state === 'idle' && s.lastSyncedAt !== null);
      await wound();
      expect([runsStarted(), runsFinished()]).toEqual([1, 1]);
      for (const run of [2, 3]) {
        vi.advanceTimersByTime(249);
        expect(runsStarted(), 'a run before the interval was over').toBe(run - 1);
        vi.advanceTimersByTime(1);
        expect(runsStarted(), 'the timer started a run').toBe(run);
        await events.waitFor('sync.progress', () => runsFinished() === run);
        await wound();
      }
      await c.close();
      events.detach();
    } finally {
      vi.useRealTimers();
    }
  });
});
