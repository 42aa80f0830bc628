// Secrets after a full end-to-end session: the real renderer in Chromium, the harness's bridge,
// the real core, a "service" (a sandbox on its own port) and the real keychain. The worker signs
// in through the Settings screen, scans, adjusts, syncs (through a token expiry), and signs out.
// Every IPC answer and event that reached the page is recorded in the page itself (an init script
// wraps fetch and EventSource before the bridge loads). The client secret and both access tokens
// (read from the keychain with secret-tool) must appear in none of them, nor in the page, its
// storage, the data folder (SQLite and its -wal/-shm included) or the harness log; after the
// sign-out the keychain holds nothing of the account.
import { test, expect, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHarness, type RunningHarness } from '../../src/harness/index';
import { CredentialVault } from '../../src/main/kernel/secrets';
import { DEMO_OWNERS, startSandbox, type RunningSandbox } from '../../src/sandbox';

const SECRET = DEMO_OWNERS.desk.clientSecret;
const CLIENT_ID = DEMO_OWNERS.desk.clientId;

test.describe.configure({ mode: 'serial' });

let work: string;
let dataDir: string;
let service: RunningSandbox;
let harness: RunningHarness;
const logs: unknown[] = [];

test.beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'wd-e2e-secrets-'));
  dataDir = join(work, 'desk');
  service = await startSandbox({ dbPath: join(work, 'service.sqlite'), demo: { skus: 60, shipments: 8, seed: 13 }, rateLimit: false });
  harness = await startHarness({ dataDir, demoSandbox: { demo: { skus: 60, shipments: 8 } }, log: (level, message, data) => logs.push({ level, message, data }) });
});
test.afterAll(async () => {
  await harness?.close();
  await service?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Runs in the page before any of its scripts: keeps a copy of every IPC answer and event body. */
const RECORDER = `(() => {
  const seen = [];
  Object.defineProperty(window, '__deskTraffic', { value: seen });
  const realFetch = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = typeof input === 'string' ? input : input.url;
    if (url.includes('/ipc/')) response.clone().text().then((t) => seen.push('answer ' + url + ' ' + t));
    return response;
  };
  // The harness bridge's calls, answers and events travel over one WebSocket.
  const RealWebSocket = window.WebSocket;
  window.WebSocket = class extends RealWebSocket {
    constructor(url, protocols) {
      super(url, protocols);
      this.addEventListener('message', (m) => seen.push('socket ' + url + ' ' + m.data));
    }
  };
  const RealEventSource = window.EventSource;
  window.EventSource = class extends RealEventSource {
    constructor(url, options) {
      super(url, options);
      this.addEventListener('message', (m) => seen.push('event ' + m.data));
    }
  };
})();`;

function keychain(service: string, account: string): string {
  return execFileSync('secret-tool', ['search', '--all', 'service', service, 'account', account], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function storedToken(): string | null {
  const layout = CredentialVault.layout({ baseUrl: service.baseUrl, clientId: CLIENT_ID });
  const raw = /secret = (.*)/.exec(keychain(layout.token.service, layout.token.account))?.[1];
  return raw ? (JSON.parse(raw) as { token: string }).token : null;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));
}

/** Where a secret was found, in UTF-8, UTF-16, base64 or hex, among everything the session left. */
async function leaks(page: Page, secrets: Record<string, string>): Promise<string[]> {
  const places: Array<{ where: string; bytes: Buffer }> = filesUnder(dataDir).map((f) => ({ where: f.slice(dataDir.length + 1), bytes: readFileSync(f) }));
  const traffic = await page.evaluate('JSON.stringify(window.__deskTraffic)');
  places.push({ where: 'IPC answers and events in the page', bytes: Buffer.from(String(traffic)) });
  places.push({ where: 'the page', bytes: Buffer.from(await page.content()) });
  places.push({ where: 'page storage', bytes: Buffer.from(String(await page.evaluate('JSON.stringify([Object.entries(localStorage), Object.entries(sessionStorage), document.cookie])'))) });
  places.push({ where: 'input values', bytes: Buffer.from(String(await page.evaluate('JSON.stringify([...document.querySelectorAll("input, textarea")].map((i) => i.value))'))) });
  places.push({ where: 'the harness log', bytes: Buffer.from(JSON.stringify(logs)) });
  const found: string[] = [];
  for (const [name, secret] of Object.entries(secrets)) {
    const utf8 = Buffer.from(secret);
    const forms = [utf8, Buffer.from(secret, 'utf16le'), Buffer.from(utf8.toString('base64').replace(/=+$/, '')), Buffer.from(utf8.toString('hex'))];
    for (const place of places) if (forms.some((f) => place.bytes.includes(f))) found.push(`${name} in ${place.where}`);
  }
  return found;
}

test('the client secret and the tokens stay in the keychain through a whole session, and leave it at sign-out', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(RECORDER);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(harness.url);
  await page.keyboard.press('F5');
  await expect(page.getByTestId('account-status')).toContainText('Demo mode', { timeout: 30_000 });

  // Sign in through the form, as a worker would.
  await page.getByLabel('Service address (base URL)').fill(service.baseUrl);
  await page.getByLabel('Client id').fill(CLIENT_ID);
  await page.getByLabel('Client secret').fill(SECRET);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('account-status')).toContainText('Signed in', { timeout: 30_000 });
  await expect(page.getByLabel('Client secret')).toHaveValue('');

  // Work: a scan typed into the scan box, an adjustment, a shipments list, syncs.
  await page.keyboard.press('F1');
  await page.getByLabel('Scan or type a code').fill('WD-000002');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByTestId('answer-card')).toHaveAttribute('data-kind', 'stock', { timeout: 20_000 });
  await page.evaluate(`(async () => {
    const warehouses = await window.desk.warehouses.list();
    await window.desk.stock.adjust({ sku: 'WD-000003', warehouseId: warehouses.value[0].id, delta: 2, reason: 'received' });
    await window.desk.shipments.list({ limit: 5 });
    await window.desk.sync.now();
  })()`);
  const firstToken = storedToken();
  expect(firstToken, 'the keychain holds the token while signed in').not.toBeNull();

  // The service expires its tokens; the next call gets a new one.
  service.expireTokens();
  await page.evaluate('window.desk.sync.now()');
  const secondToken = storedToken();
  expect(secondToken).not.toBeNull();
  expect(secondToken).not.toBe(firstToken);

  const layout = CredentialVault.layout({ baseUrl: service.baseUrl, clientId: CLIENT_ID });
  expect(keychain(layout.credentials.service, layout.credentials.account)).toContain(`secret = ${SECRET}`);
  const secrets = { 'the client secret': SECRET, 'the first token': firstToken as string, 'the second token': secondToken as string };
  expect(await page.evaluate('window.__deskTraffic.length')).toBeGreaterThan(10);
  expect(await leaks(page, secrets)).toEqual([]);

  // Sign out through the Settings screen.
  await page.keyboard.press('F5');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: /Sign out/ }).click();
  await expect(page.getByTestId('account-status')).toContainText('Signed out', { timeout: 20_000 });
  expect(keychain(layout.credentials.service, layout.credentials.account)).toBe('');
  expect(keychain(layout.token.service, layout.token.account)).toBe('');
  expect(await leaks(page, secrets)).toEqual([]);
});
