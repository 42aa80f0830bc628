// Secrets: a full session through the real core (demo first, then sign-in to a service, scans,
// adjustments, shipments, syncs, a token expiry and refresh, a restart that restores the account
// from the keychain, a support file, sign-out). Throughout, the client secret and every access token the service
// issued must appear nowhere in the data dir (every file: SQLite, its -wal and -shm, settings),
// in the core's log, or in anything the renderer received (every IPC answer and event); the real
// keychain (secret-tool, inside scripts/with-keyring.sh) holds them while signed in, and nothing
// after sign-out.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialVault } from '../../src/main/kernel/secrets';
import { DEMO_OWNERS, startSandbox, type RunningSandbox } from '../../src/sandbox';
import type { ExportedFile } from '../../src/shared/ipc/desk-work-records';
import type { OutboxEntry, Shipment, SyncStatus } from '../../src/shared/ipc/records';
import { firstSync, startCore, until, type TestCore } from './support/core';

const SECRET = DEMO_OWNERS.desk.clientSecret;
let work: string;
let dataDir: string;
let service: RunningSandbox;
const cores: TestCore[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'wd-secrets-'));
  dataDir = join(work, 'desk');
  service = await startSandbox({ dbPath: join(work, 'service.sqlite'), demo: { skus: 80, shipments: 12, seed: 21 }, rateLimit: false });
}, 60_000);
afterAll(async () => {
  for (const core of cores) await core.close({ keepDir: true }).catch(() => undefined);
  await service?.close();
  rmSync(work, { recursive: true, force: true });
});

/** The forms a secret could take on disk or in a message. */
function forms(secret: string): Array<{ label: string; bytes: Buffer }> {
  const utf8 = Buffer.from(secret, 'utf8');
  return [
    { label: 'utf-8', bytes: utf8 },
    { label: 'utf-16le', bytes: Buffer.from(secret, 'utf16le') },
    { label: 'base64', bytes: Buffer.from(utf8.toString('base64').replace(/=+$/, '')) },
    { label: 'base64url', bytes: Buffer.from(utf8.toString('base64url')) },
    { label: 'hex', bytes: Buffer.from(utf8.toString('hex')) },
    // A token cut short in a log line is still a leak of most of it.
    ...(secret.length >= 24 ? [{ label: 'head', bytes: Buffer.from(secret.slice(0, 16)) }, { label: 'tail', bytes: Buffer.from(secret.slice(-16)) }] : []),
  ];
}

function needles(): Array<{ name: string; secret: string }> {
  const tokens = [...new Set(cores.flatMap((c) => c.network.tokens))];
  return [{ name: 'client secret', secret: SECRET }, ...tokens.map((t, i) => ({ name: `access token #${i + 1}`, secret: t }))];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** A file's bytes, and for a zip (the support file) each of its files' too: compressed, a secret would not show. */
function contentsOf(file: string): Array<{ where: string; bytes: Buffer }> {
  const where = file.slice(dataDir.length + 1);
  const bytes = readFileSync(file);
  if (!file.endsWith('.zip')) return [{ where, bytes }];
  return [{ where, bytes }, ...Object.entries(unzipSync(bytes)).map(([name, inner]) => ({ where: `${where}: ${name}`, bytes: Buffer.from(inner) }))];
}

/** Every place a secret must not be: each file of the data dir (inside a zip too), the log, the renderer's view. */
function leaks(): string[] {
  const found: string[] = [];
  const places: Array<{ where: string; bytes: Buffer }> = filesUnder(dataDir).flatMap(contentsOf);
  for (const core of cores) {
    places.push({ where: 'the core log', bytes: Buffer.from(JSON.stringify(core.recorded.logs)) });
    places.push({ where: 'IPC answers', bytes: Buffer.from(JSON.stringify(core.recorded.answers)) });
    places.push({ where: 'IPC events', bytes: Buffer.from(JSON.stringify(core.recorded.events)) });
  }
  for (const { name, secret } of needles()) {
    for (const form of forms(secret)) {
      for (const place of places) if (place.bytes.includes(form.bytes)) found.push(`${name} (${form.label}) in ${place.where}`);
    }
  }
  return found;
}

/** What the keychain holds under a service/account pair, through secret-tool (libsecret), not through keytar. */
function keychain(service: string, account: string): string {
  return execFileSync('secret-tool', ['search', '--all', 'service', service, 'account', account], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

describe('secrets after a full session', () => {
  it('never leave the keychain: not on disk, not in the log, not in what the renderer received', async () => {
    // 1. First start: the demo (its sandbox in-process, its data in the data dir).
    let core = await startCore({ dataDir, demoByDefault: true });
    cores.push(core);
    await firstSync(core);
    await core.value('stock.lookup', { code: 'WD-000001' });

    // 2. Sign in to "the service" with the API credentials.
    const signedIn = await core.value<{ mode: string }>('account.signIn', { baseUrl: service.baseUrl, clientId: DEMO_OWNERS.desk.clientId, clientSecret: SECRET });
    expect(signedIn.mode).toBe('signed_in');
    await until(async () => {
      const s = await core.value<SyncStatus>('sync.status');
      return s.state === 'idle' && s.lastSyncedAt !== null;
    }, 'the first sync of the account');

    // 3. A working session: scans, search, adjustments, shipments, calculations, settings, sync.
    const warehouses = await core.value<Array<{ id: string }>>('warehouses.list');
    for (const code of ['WD-000002', 'wd-000003', '8710000000024', 'NOPE-123', 'shp_00000000000000000000']) await core.call('stock.lookup', { code });
    await core.value('stock.search', { query: 'WD', limit: 20 });
    const adjusted = await core.value<OutboxEntry>('stock.adjust', { sku: 'WD-000004', warehouseId: warehouses[0]?.id, delta: 3, reason: 'received', note: 'secrets test' });
    await core.value('outbox.list', {});
    const shipments = await core.value<{ shipments: Shipment[] }>('shipments.list', { limit: 10 });
    const token = shipments.shipments[0]?.token as string;
    await core.value('shipments.read', { token });
    await core.call('shipments.greenIndex', { shipmentToken: token });
    await core.call('shipments.transitTime', { shipmentToken: token });
    await core.call('shipments.create', {
      clientRequestId: crypto.randomUUID(),
      reference: 'SECRETS-1',
      scope: 1,
      carrier: 'dhl',
      service: 'standard',
      sender: { name: 'Desk', address: { line1: 'Moezelhavenweg 9', city: 'Amsterdam', postalCode: '1043 AM', country: 'NL' } },
      recipient: { name: 'Jonas', address: { line1: 'Torstraße 1', city: 'Berlin', postalCode: '10119', country: 'DE' } },
      parcels: [{ weightGrams: 1200, dimensionsMm: null }],
    });
    await core.value('products.list', { limit: 5 });
    await core.value('settings.update', { soundsMuted: true });
    await core.value('app.info');
    await core.value('account.connectivity');
    expect(await core.value('sync.now')).toMatchObject({ state: 'idle' });
    // Wrong credentials are refused without echoing them.
    const wrong = await core.call('account.signIn', { baseUrl: service.baseUrl, clientId: DEMO_OWNERS.desk.clientId, clientSecret: `${SECRET}-wrong` });
    expect(wrong.ok).toBe(false);
    expect(JSON.stringify(wrong)).not.toContain(`${SECRET}-wrong`);

    // 4. The service expires every token: the client gets a new one and carries on.
    service.expireTokens();
    expect(await core.value('sync.now')).toMatchObject({ state: 'idle' });
    expect(core.network.tokens.length).toBeGreaterThanOrEqual(2);

    // 5. A restart restores the account from the keychain.
    await core.close({ keepDir: true });
    core = await startCore({ dataDir, demoByDefault: true });
    cores.push(core);
    expect(await core.value('account.status')).toMatchObject({ mode: 'signed_in', clientId: DEMO_OWNERS.desk.clientId });
    await core.value('stock.lookup', { code: 'WD-000005' });
    expect(await core.value('sync.now')).toMatchObject({ state: 'idle' });
    const entry = (await core.value<{ entries: OutboxEntry[] }>('outbox.list', {})).entries.find((e) => e.id === adjusted.id);
    expect(entry?.state).toBe('applied');

    // The support file IT is sent, kept in the data dir to be scanned with the rest.
    const support = await core.value<ExportedFile>('support.createFile');
    if (support.status !== 'download' || support.encoding !== 'base64') throw new Error('the support file did not come back as a zip');
    writeFileSync(join(dataDir, 'support.zip'), Buffer.from(support.content, 'base64'));

    const scannedWhileRunning = filesUnder(dataDir).map((f) => f.slice(dataDir.length + 1)).sort();
    expect(scannedWhileRunning).toEqual(expect.arrayContaining(['cache.sqlite', 'cache.sqlite-wal', 'settings.json', join('logs', 'desk.log'), 'support.zip']));
    expect(leaks()).toEqual([]);
    // The detector itself works: a token planted in a file of the data dir is found.
    const planted = join(dataDir, 'planted.bin');
    writeFileSync(planted, Buffer.concat([Buffer.from('junk'), Buffer.from(core.network.tokens.at(-1) ?? cores[0]?.network.tokens[0] ?? 'x', 'utf16le')]));
    expect(leaks().some((l) => l.includes('planted.bin'))).toBe(true);
    rmSync(planted);
    // And one inside a zip, compressed.
    const zipped = join(dataDir, 'planted.zip');
    writeFileSync(zipped, zipSync({ 'a.txt': strToU8(`x ${SECRET} x`.repeat(20)) }));
    expect(leaks().some((l) => l.includes('planted.zip: a.txt'))).toBe(true);
    rmSync(zipped);

    // 6. The keychain holds the client secret and the current token: found with secret-tool.
    const layout = CredentialVault.layout({ baseUrl: service.baseUrl, clientId: DEMO_OWNERS.desk.clientId });
    const credentials = keychain(layout.credentials.service, layout.credentials.account);
    expect(credentials).toContain(`secret = ${SECRET}`);
    const stored = keychain(layout.token.service, layout.token.account);
    const current = /secret = (.*)/.exec(stored)?.[1] ?? '';
    expect((JSON.parse(current) as { token: string }).token).toBe(core.network.tokens.at(-1) ?? cores[0]?.network.tokens.at(-1));

    // 7. Sign-out: gone from the keychain, and still nowhere else.
    expect(await core.value('account.signOut')).toMatchObject({ mode: 'signed_out' });
    expect(keychain(layout.credentials.service, layout.credentials.account)).toBe('');
    expect(keychain(layout.token.service, layout.token.account)).toBe('');
    await core.close({ keepDir: true });
    expect(leaks()).toEqual([]);
    const scanned = filesUnder(dataDir).map((f) => f.slice(dataDir.length + 1)).sort();
    expect(scanned).toContain('cache.sqlite');
    console.info(`[hardening] secrets: ${needles().length} secrets (the client secret and ${needles().length - 1} tokens) in ${forms('x'.repeat(30)).length} forms, absent from ${scannedWhileRunning.join(', ')} while running and ${scanned.join(', ')} after, the log, ${cores.reduce((n, c) => n + c.recorded.answers.length, 0)} answers and ${cores.reduce((n, c) => n + c.recorded.events.length, 0)} events`);
  }, 120_000);
});
