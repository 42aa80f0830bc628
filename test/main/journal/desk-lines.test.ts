// The journal of what the desk did besides stock: sign-in (and a refused one), sign-out, the demo,
// settings changes with their old and new values, a change the IT department's policy refused, and
// the desk's own minimums, set, removed or brought in from a sheet, exports, and syncs that failed.
// The real core, the real sandbox over HTTP, the real keychain; the secret is on no line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeskCore, type DeskCore } from '../../../src/main/composition/desk-core';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import { DEMO_OWNERS, startSandbox, type RunningSandbox } from '../../../src/sandbox';
import { ipcClient } from '../composition/support/ipc';

let work: string;
let service: RunningSandbox;
let core: DeskCore;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'wd-desk-lines-'));
  service = await startSandbox({ dbPath: join(work, 'service.sqlite'), demo: { skus: 10, shipments: 2, seed: 3 }, rateLimit: false });
  const policyFile = join(work, 'policy.json');
  writeFileSync(policyFile, JSON.stringify({ settings: { journalRetentionDays: 200 }, locked: ['journalRetentionDays'] }));
  core = await createDeskCore({ dataDir: join(work, 'desk'), secrets: createKeytarStore(), demoByDefault: false, syncIntervalMs: 3_600_000, policyFile });
}, 60_000);
afterAll(async () => {
  await core?.close();
  await service?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('the journal of the desk', () => {
  it('has a line for each sign-in, refused sign-in, sign-out, demo start and settings change, none with the secret', async () => {
    const ipc = ipcClient(core);
    const secret = DEMO_OWNERS.desk.clientSecret;
    const client = DEMO_OWNERS.desk.clientId;
    expect(await ipc.raw('account.signIn', { baseUrl: service.baseUrl, clientId: client, clientSecret: `${secret}-wrong` })).toMatchObject({ ok: false, error: { code: 'invalid_credentials' } });
    await ipc.call('account.signIn', { baseUrl: service.baseUrl, clientId: client, clientSecret: secret });
    await ipc.call('settings.update', { language: 'de', confirmAdjustmentsFrom: 12 });
    await ipc.call('settings.update', { language: 'de' }); // no change, no line
    await ipc.call('settings.update', { scanner: { maxInterKeyMs: 500 } });
    expect(await ipc.raw('settings.update', { journalRetentionDays: 30 })).toMatchObject({ ok: false, error: { code: 'setting_locked' } });
    await ipc.call('account.signOut');
    await ipc.call('account.startDemo');
    await ipc.call('account.signOut');

    const { entries } = await ipc.call('journal.search', {});
    const lines = entries
      .filter((e) => e.kind === 'account' || e.kind === 'settings')
      .reverse()
      .map((e) => ({ kind: e.kind, outcome: e.outcome, what: e.details?.what, params: e.details?.params, code: e.details?.error?.code }));
    expect(lines).toEqual([
      { kind: 'settings', outcome: 'done', what: 'policy_applied', params: expect.objectContaining({ locked: 1, preset: 0 }), code: undefined },
      { kind: 'account', outcome: 'failed', what: 'sign_in', params: { client, service: service.baseUrl }, code: 'invalid_credentials' },
      { kind: 'account', outcome: 'done', what: 'signed_in', params: { client, service: service.baseUrl }, code: undefined },
      { kind: 'settings', outcome: 'done', what: 'setting_changed', params: { settings: 'confirmAdjustmentsFrom, language', from: '50; system', to: '12; de' }, code: undefined },
      { kind: 'settings', outcome: 'done', what: 'setting_changed', params: { settings: 'scanner', from: 'maxInterKeyMs 50', to: 'maxInterKeyMs 500' }, code: undefined },
      { kind: 'settings', outcome: 'failed', what: 'failed', params: {}, code: 'setting_locked' },
      { kind: 'account', outcome: 'done', what: 'signed_out', params: { client }, code: undefined },
      { kind: 'account', outcome: 'done', what: 'demo_started', params: {}, code: undefined },
      { kind: 'account', outcome: 'done', what: 'signed_out', params: { client: '' }, code: undefined },
    ]);
    const csv = JSON.stringify(entries);
    expect(csv).not.toContain(secret);
  });

  it('has a line for each minimum set or removed and each sheet of minimums applied, with what it left out; a preview is none', async () => {
    const ipc = ipcClient(core);
    await ipc.call('account.signIn', { baseUrl: service.baseUrl, clientId: DEMO_OWNERS.desk.clientId, clientSecret: DEMO_OWNERS.desk.clientSecret });
    await ipc.call('sync.now');
    const [warehouse] = await ipc.call('warehouses.list');
    await ipc.call('levels.set', { sku: 'WD-000001', warehouseId: null, minimum: 12, reorder: 30 });
    await ipc.call('levels.set', { sku: 'WD-000002', warehouseId: warehouse!.id, minimum: 4, reorder: null });
    await ipc.call('levels.clear', { sku: 'WD-000001', warehouseId: null });
    const sheet = 'sku;minimum;reorder\nWD-000003;5;10\nWD-999999;5;10\n';
    await ipc.call('imports.levels', { name: 'minimums.csv', text: sheet, apply: false });
    await ipc.call('imports.levels', { name: 'minimums.csv', text: sheet, apply: true });

    const { entries } = await ipc.call('journal.search', {});
    const lines = entries
      .filter((e) => e.kind === 'levels')
      .reverse()
      .map((e) => ({ sku: e.sku, outcome: e.outcome, what: e.details?.what, params: e.details?.params, summary: e.summary }));
    expect(lines).toEqual([
      { sku: 'WD-000001', outcome: 'done', what: 'minimum_set', params: { warehouse: '', minimum: 12, reorder: 30 }, summary: 'minimum 12, reorder 30 at all warehouses' },
      { sku: 'WD-000002', outcome: 'done', what: 'minimum_set', params: { warehouse: expect.any(String), minimum: 4, reorder: '' }, summary: expect.stringMatching(/^minimum 4 at /) },
      { sku: 'WD-000001', outcome: 'done', what: 'minimum_cleared', params: { warehouse: '' }, summary: 'minimum at all warehouses removed' },
      { sku: null, outcome: 'done', what: 'minimums_imported', params: { file: 'minimums.csv', applied: 1, problems: 1 }, summary: '1 minimums set from minimums.csv, 1 lines left out' },
    ]);
  });

  it('has a line for each export saved and for a failed sync with its code, one while it keeps failing the same way', async () => {
    const ipc = ipcClient(core);
    await ipc.call('sync.now');
    const since = (await ipc.call('journal.search', {})).entries[0]?.seq ?? 0;
    const stock = await ipc.call('stock.export', {});
    const journalFile = await ipc.call('journal.export', {});
    service.setFaults({ unreachable: true });
    try {
      await ipc.raw('sync.now');
      await ipc.raw('sync.now');
    } finally {
      service.setFaults({ unreachable: false });
    }
    await ipc.call('sync.now');

    const { entries } = await ipc.call('journal.search', {});
    const lines = entries
      .filter((e) => e.seq > since && (e.kind === 'export' || e.kind === 'sync'))
      .reverse()
      .map((e) => ({ kind: e.kind, outcome: e.outcome, what: e.details?.what, params: e.details?.params, code: e.details?.error?.code }));
    const rows = (f: typeof stock) => (f.status === 'cancelled' ? -1 : f.rows);
    expect(lines).toEqual([
      { kind: 'export', outcome: 'done', what: 'exported', params: { list: 'stock', rows: rows(stock), file: expect.stringMatching(/^stock-.*\.csv$/) }, code: undefined },
      { kind: 'export', outcome: 'done', what: 'exported', params: { list: 'journal', rows: rows(journalFile), file: expect.stringMatching(/^journal-.*\.csv$/) }, code: undefined },
      { kind: 'sync', outcome: 'failed', what: 'sync_failed', params: {}, code: 'network_error' },
    ]);
  });
});
