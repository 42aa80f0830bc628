// The demo's sandbox in a process of its own (the sandbox CLI on a data dir's sandbox file), and
// the bench's own requests to it: the set-up of the sync children (figure 3 in the scale curve,
// scan while syncing), where the core's process must hold the core alone, as with a real account.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DemoService } from '../../src/main/account';
import { DEMO_OWNERS } from '../../src/sandbox';
import { tsxArgs, waitForLine } from './child';
import { DEMO_SANDBOX_FILE } from './core';

const log = (m: string): void => void process.stderr.write(`${m}\n`);

/**
 * A POST to the sandbox. A network error is tried again (5 times): at 1,000,000 SKUs on a loaded
 * machine the sandbox reset a connection (ECONNRESET) and a child died after a 15-minute sync.
 * Safe for adjusts: each carries its Idempotency-Key.
 */
export async function api<T>(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  let res: Response | null = null;
  for (let attempt = 1; res === null; attempt++) {
    try {
      res = await fetch(baseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    } catch (error) {
      if (attempt >= 5) throw error;
      log(`${path}: ${String(error)}; trying again`);
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
}

/** The desk's demo account signed in to the sandbox: a token and the first warehouse. */
export async function signInDesk(baseUrl: string): Promise<{ token: string; warehouseId: string }> {
  const { access_token: token } = await api<{ access_token: string }>(baseUrl, '/1.0/auth/token', {
    client_id: DEMO_OWNERS.desk.clientId,
    client_secret: DEMO_OWNERS.desk.clientSecret,
  });
  const warehouses = await api<{ data: Array<{ id: string }> }>(baseUrl, '/1.0/logistics/warehouses/list', {}, { authorization: `Bearer ${token}` });
  return { token, warehouseId: warehouses.data[0]?.id ?? '' };
}

/**
 * Changes `count` SKUs of a `skus`-SKU catalogue through the sandbox's own API (adjust +1), spread
 * over the catalogue; `round` shifts the picks and names the Idempotency-Keys.
 */
export async function changeSkus(baseUrl: string, token: string, warehouseId: string, skus: number, count: number, round: number): Promise<void> {
  const step = Math.max(1, Math.floor(skus / count));
  const auth = { authorization: `Bearer ${token}` };
  const picks = Array.from({ length: count }, (_, k) => `WD-${String(1 + ((k * step + round) % skus)).padStart(6, '0')}`);
  // A few at a time: the point is the changed records, not the sandbox under load.
  for (let i = 0; i < picks.length; i += 20) {
    await Promise.all(
      picks.slice(i, i + 20).map((sku, j) =>
        api(baseUrl, `/1.0/logistics/stock/${sku}/adjust`, { warehouse_id: warehouseId, delta: 1, reason: 'found' }, { ...auth, 'idempotency-key': `bench-inc-${round}-${i + j}-${process.pid}` }),
      ),
    );
  }
}

export interface SandboxProcess {
  child: ChildProcess;
  /** What the core's `startDemo` hands it: the service runs in that other process. */
  service: DemoService;
}

/**
 * The sandbox CLI on `dataDir`'s demo sandbox file (a copy of `seededSandbox` when it has none),
 * in its own process; resolves once it listens. Stop it with stopChild(child).
 */
export async function startSandboxProcess(root: string, dataDir: string, seededSandbox: string, skus: number): Promise<SandboxProcess> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, DEMO_SANDBOX_FILE);
  if (!existsSync(file)) copyFileSync(seededSandbox, file);
  const child = spawn(process.execPath, tsxArgs(join(root, 'src/sandbox/cli.ts'), ['--db', file, '--skus', String(skus), '--shipments', '50', '--no-rate-limit']), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const line = await waitForLine(child, (l) => l.includes(' listening on http://'), 600_000);
  const baseUrl = /listening on (http:\/\/[^\s]+)/.exec(line)?.[1];
  if (!baseUrl) throw new Error(`the sandbox printed no URL: ${line}`);
  const { clientId, clientSecret } = DEMO_OWNERS.desk;
  return { child, service: { baseUrl, clientId, clientSecret, seededAnew: false, close: async () => {} } };
}
