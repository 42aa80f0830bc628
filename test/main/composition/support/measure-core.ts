// Measures the core on the demo data set (default 100,000 SKUs): the first sync, stock.search per
// keystroke through the IPC router, and stock.lookup through the router against a bare
// primary-key select. Not a test (no thresholds), a tool:
//   npx tsx test/main/composition/support/measure-core.ts [dataDir] [skus]
// CPU time is printed beside wall time: on a loaded machine wall time mostly measures the queue.
import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeskCore } from '../../../../src/main/composition/desk-core';
import { createIpcRouter } from '../../../../src/main/kernel/ipc/router';
import type { SecretStore } from '../../../../src/main/kernel/secrets';
import type { Channel, Output } from '../../../../src/shared/ipc/contract';

const memory = new Map<string, string>();
const secrets: SecretStore = {
  get: async (s, a) => memory.get(`${s}|${a}`) ?? null,
  set: async (s, a, v) => void memory.set(`${s}|${a}`, v),
  delete: async (s, a) => memory.delete(`${s}|${a}`),
};
const dataDir = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'desk-measure-'));
const skus = Number(process.argv[3] ?? 100_000);

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
const summary = (label: string, wall: number[], cpu: number[]) =>
  console.log(`${label.padEnd(34)} n ${wall.length}  wall p50 ${pct(wall, 0.5).toFixed(2)} p95 ${pct(wall, 0.95).toFixed(2)}  cpu p50 ${pct(cpu, 0.5).toFixed(2)} p95 ${pct(cpu, 0.95).toFixed(2)} ms`);

let started = performance.now();
const core = await createDeskCore({ dataDir, secrets, demoSandbox: { demo: { skus }, rateLimit: false }, syncIntervalMs: 3_600_000 });
console.log(`core up (demo sandbox seeded): ${Math.round(performance.now() - started)} ms, data in ${dataDir}`);
const router = createIpcRouter(core.handlers, { isTrustedSender: () => true });
async function call<C extends Channel>(channel: C, input?: unknown): Promise<Output<C>> {
  const result = await router.handle(channel, input, {});
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value as Output<C>;
}

started = performance.now();
const synced = await call('sync.now');
console.log(`sync: ${synced.state}, ${synced.done} records, ${Math.round(performance.now() - started)} ms`);

const typed = ['WD-012345', 'WD-099876', 'pallet', 'blue', 'cable ties', '8710004', 'zip', 'xl', 'hi-vis', 'Storage bin red'];
const warehouses = await call('warehouses.list');
const variants: Array<[string, Record<string, unknown>]> = [
  ['default (sku)', {}],
  ['sort name', { sort: 'name' }],
  ['sort onHand desc', { sort: 'onHand', direction: 'desc' }],
  ['warehouse, sort available', { warehouseId: warehouses[1]!.id, sort: 'available' }],
];
for (const [label, extra] of variants) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (const word of typed) {
    for (let i = 1; i <= word.length; i++) {
      const c0 = cpuMs();
      const t0 = performance.now();
      await call('stock.search', { query: word.slice(0, i), limit: 50, ...extra });
      wall.push(performance.now() - t0);
      cpu.push(cpuMs() - c0);
    }
  }
  summary(`stock.search ${label}`, wall, cpu);
}

// The scan path, offline so no refresh traffic competes with it.
core.sandbox()!.setFaults({ unreachable: true });
await call('stock.lookup', { code: 'WD-000001' });
await new Promise((r) => setTimeout(r, 300));
const db = new Database(join(dataDir, 'cache.sqlite'), { readonly: true });
const bare = db.prepare('SELECT * FROM stock_items WHERE sku = ?');
const codes = Array.from({ length: 20_000 }, (_, i) => `WD-${String(1 + ((i * 7919) % skus)).padStart(6, '0')}`);
started = performance.now();
for (const code of codes) bare.get(code);
const bareUs = ((performance.now() - started) * 1000) / codes.length;
started = performance.now();
for (const code of codes) await call('stock.lookup', { code });
const lookupUs = ((performance.now() - started) * 1000) / codes.length;
console.log(`bare primary-key select ${bareUs.toFixed(1)} us; stock.lookup through the router ${lookupUs.toFixed(1)} us; ratio ${(lookupUs / bareUs).toFixed(1)}`);
db.close();
await core.close();
