// The support file after a small day of work against the real sandbox over HTTP: signed in with
// the demo's client secret, scans, an adjustment, a scanner check, a sync the service answered
// with an error. The zip, opened with fflate, holds every part, says what IT needs (versions, the
// desk's name, the failed sync's request id, the log's and the journal's last lines), and holds
// neither the client secret nor any access token the service issued.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileLog, LOG_DIR } from '../../../src/main/kernel/log-file';
import { DEMO_OWNERS, startSandbox, type RunningSandbox } from '../../../src/sandbox';
import type { ExportedFile, JournalPage } from '../../../src/shared/ipc/desk-work-records';
import type { SyncStatus } from '../../../src/shared/ipc/records';
import { startCore, until, type TestCore } from '../../hardening/support/core';

const SECRET = DEMO_OWNERS.desk.clientSecret;
let work: string;
let service: RunningSandbox;
let desk: TestCore;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'wd-support-'));
  service = await startSandbox({ dbPath: join(work, 'service.sqlite'), demo: { skus: 10, shipments: 2, seed: 5 }, rateLimit: false });
  // Yesterday's log, with a careless line: a secret under its name and a bearer header in a message.
  const yesterday = createFileLog(join(work, 'desk', LOG_DIR));
  yesterday.log('warn', 'the sign-in form was sent', { clientId: DEMO_OWNERS.desk.clientId, clientSecret: SECRET });
  yesterday.log('info', `Authorization: Bearer ${SECRET}`);
  yesterday.close();
  desk = await startCore({ dataDir: join(work, 'desk'), demoByDefault: false });
}, 60_000);
afterAll(async () => {
  await desk?.close({ keepDir: true });
  await service?.close();
  rmSync(work, { recursive: true, force: true });
});

function unzip(file: ExportedFile): Record<string, string> {
  if (file.status !== 'download' || file.encoding !== 'base64') throw new Error(`not a zip handed back: ${JSON.stringify(file).slice(0, 200)}`);
  return Object.fromEntries(Object.entries(unzipSync(Buffer.from(file.content, 'base64'))).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe('the support file', () => {
  it('holds every part IT needs after a day of work, and no secret or token', async () => {
    await desk.value('account.signIn', { baseUrl: service.baseUrl, clientId: DEMO_OWNERS.desk.clientId, clientSecret: SECRET });
    await until(async () => (await desk.value<SyncStatus>('sync.status')).lastSyncedAt !== null, 'the first sync');
    await desk.value('settings.update', { deskName: 'Dock 3' });
    for (const code of ['WD-000001', 'WD-000002', 'NOPE-1']) await desk.call('stock.lookup', { code });
    const warehouses = await desk.value<Array<{ id: string }>>('warehouses.list');
    await desk.value('stock.adjust', { sku: 'WD-000003', warehouseId: warehouses[0]?.id, delta: -2, reason: 'damaged' });
    await desk.value('support.scannerCheck', { at: '2026-11-27T09:00:00.000Z', findings: ['caps_lock', 'suffix_missing'] });
    service.setFaults({ failureRate: 1 });
    try {
      await desk.call('sync.now');
    } finally {
      service.setFaults({ failureRate: 0 });
    }
    const failure = (await desk.value<JournalPage>('journal.search', { kind: 'sync', outcome: 'failed' })).entries[0];
    expect(failure?.requestId).toMatch(/\S/);

    const file = await desk.value<ExportedFile>('support.createFile');
    expect(file).toMatchObject({ status: 'download', fileName: expect.stringMatching(/^support-dock-3-\d{4}-\d\d-\d\d\.zip$/) });
    const zip = unzip(file);
    expect(Object.keys(zip).sort()).toEqual(['README.txt', 'about.json', 'account.json', 'desk.log', 'journal.csv', 'outbox.json', 'scanner-check.json', 'settings.json', 'sync-failures.csv'].sort());

    expect(JSON.parse(zip['about.json']!)).toMatchObject({ desk: 'Dock 3', app: expect.stringMatching(/^\d+\.\d+\.\d+/), node: process.versions.node, os: { platform: process.platform, arch: process.arch, release: expect.any(String) } });
    expect(JSON.parse(zip['settings.json']!)).toMatchObject({ settings: { deskName: 'Dock 3' }, policy: { file: null, locked: [], problems: [] } });
    expect(JSON.parse(zip['account.json']!)).toMatchObject({ account: { mode: 'signed_in', clientId: DEMO_OWNERS.desk.clientId, baseUrl: service.baseUrl } });
    expect(JSON.parse(zip['outbox.json']!)).toMatchObject({ counts: { uncertain: 0 }, uncertain: [] });
    expect(JSON.parse(zip['scanner-check.json']!)).toEqual({ at: '2026-11-27T09:00:00.000Z', findings: ['caps_lock', 'suffix_missing'] });
    expect(zip['sync-failures.csv']).toContain(failure!.requestId!);
    expect(zip['journal.csv']).toMatch(/WD-000003/);
    expect(zip['journal.csv']).toContain('Dock 3');
    expect(zip['desk.log']).toContain('the sign-in form was sent');
    for (const line of zip['desk.log']!.split('\n').filter(Boolean)) expect(() => JSON.parse(line) as unknown).not.toThrow();

    const secrets = [SECRET, ...desk.network.tokens];
    expect(desk.network.tokens.length).toBeGreaterThan(0);
    for (const [name, text] of Object.entries(zip)) for (const secret of secrets) expect(text.includes(secret), `a secret in ${name}`).toBe(false);

    // Its journal line names the file.
    const line = (await desk.value<JournalPage>('journal.search', { kind: 'export' })).entries[0];
    expect(line?.details).toMatchObject({ what: 'support_file', params: { file: file.status === 'download' ? file.fileName : '' } });
  }, 60_000);
});
