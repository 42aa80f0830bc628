// One full-sync run of figure 3 (and the memory of figure 6), in a fresh process so every run
// starts from the same heap and the RSS is the core's, not the bench runner's. Reads one JSON
// argument (SyncChildSpec), prints one JSON line (SyncChildOutcome).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stopChild } from '../lib/child';
import { openCore } from '../lib/core';
import { api, changeSkus, signInDesk, startSandboxProcess } from '../lib/sandbox-process';
import { readSyncedRows, timeBareInsert } from '../lib/sqlite-bounds';
import { nowMs } from '../lib/stats';

export interface SyncChildSpec {
  dataDir: string;
  seededSandbox: string;
  skus: number;
  /** Where the bound writes its file. */
  boundDir: string;
  /** 0: no incremental runs. */
  incrementalRuns: number;
  /** Share of SKUs changed before each incremental run (0.01). */
  changeFraction: number;
  /**
   * The demo's sandbox in a process of its own (`npm run sandbox` on the data dir's sandbox file)
   * instead of in this one, so the RSS is the core's alone, as with a real account (issue 19).
   * The repository root, to start it from.
   */
  sandboxProcessRoot?: string;
}

export interface SyncChildOutcome {
  openMs: number;
  fullSyncMs: number;
  /** From createDeskCore to the end of the full sync (what a worker waits after a first start). */
  openAndSyncMs: number;
  recordsPulled: number;
  stockCount: number;
  memory: { rssBaselineMB: number; rssMB: number; heapUsedMB: number; rssAfterGcMB: number | null; heapUsedAfterGcMB: number | null; sandboxProcessRssMB: number | null };
  /** Where the demo's sandbox ran. */
  sandbox: 'in-process' | 'own process';
  bound: { ms: number; rows: number };
  incremental: Array<{ ms: number; changed: number; pulled: number; fetchOnlyMs: number }>;
}

const MB = 1024 * 1024;
const spec = JSON.parse(process.argv[2] ?? '{}') as SyncChildSpec;
const log = (m: string): void => void process.stderr.write(`${m}\n`);

/** The network part of an incremental pass alone: the same lists, pages of 500, nothing written. */
async function fetchOnly(baseUrl: string, token: string, since: string): Promise<number> {
  const auth = { authorization: `Bearer ${token}` };
  const started = nowMs();
  await api(baseUrl, '/1.0/logistics/warehouses/list', { limit: 500 }, auth);
  for (const path of ['/1.0/logistics/products/list', '/1.0/logistics/stock/list']) {
    let cursor: string | null = null;
    do {
      const page: { next_cursor: string | null } = await api(baseUrl, path, { limit: 500, updated_since: since, ...(cursor ? { cursor } : {}) }, auth);
      cursor = page.next_cursor;
    } while (cursor);
  }
  return nowMs() - started;
}

/** VmRSS of another process (Linux), MB; null where /proc cannot tell. */
function rssOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

const external = spec.sandboxProcessRoot ? await startSandboxProcess(spec.sandboxProcessRoot, spec.dataDir, spec.seededSandbox, spec.skus) : null;
const rssBaselineMB = process.memoryUsage().rss / MB;
const t0 = nowMs();
const opened = await openCore(spec.dataDir, {
  seededSandbox: spec.seededSandbox,
  skus: spec.skus,
  log,
  ...(external ? { startDemo: async () => external.service } : {}),
});
const openMs = nowMs() - t0;
const t1 = nowMs();
// Joins the sync the core started on opening, or starts one.
let status = await opened.call('sync.now');
if (status.state !== 'idle' || status.lastSyncedAt === null) status = await opened.call('sync.now');
const t2 = nowMs();
if (status.state !== 'idle') throw new Error(`full sync ended ${status.state}: ${JSON.stringify(status.lastError)}`);
const fullDone = status.done;
const listed = await opened.call('stock.search', { limit: 1 });
const mem = process.memoryUsage();
const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const afterGc = gc ? process.memoryUsage() : null;
const sandboxProcessRssMB = rssOf(external?.child.pid);

const incremental: SyncChildOutcome['incremental'] = [];
if (spec.incrementalRuns > 0) {
  const sandbox = external ? external.service : opened.core.sandbox();
  if (!sandbox) throw new Error('the core runs no demo sandbox');
  const { token, warehouseId } = await signInDesk(sandbox.baseUrl);
  const changed = Math.max(1, Math.round(spec.skus * spec.changeFraction));
  for (let run = 0; run < spec.incrementalRuns; run++) {
    const changeStarted = new Date();
    await changeSkus(sandbox.baseUrl, token, warehouseId, spec.skus, changed, run);
    const started = nowMs();
    status = await opened.call('sync.now');
    const ms = nowMs() - started;
    if (status.state !== 'idle') throw new Error(`incremental sync ended ${status.state}`);
    // The sync's own 2-minute safety margin makes later runs re-pull earlier runs' changes too.
    const fetchMs = await fetchOnly(sandbox.baseUrl, token, new Date(changeStarted.getTime() - 120_000).toISOString());
    incremental.push({ ms, changed, pulled: status.done, fetchOnlyMs: fetchMs });
  }
}
await opened.close();
if (external) await stopChild(external.child);

const rows = readSyncedRows(join(spec.dataDir, 'cache.sqlite'));
const bound = timeBareInsert(rows, spec.boundDir);

const outcome: SyncChildOutcome = {
  openMs,
  fullSyncMs: t2 - t1,
  openAndSyncMs: t2 - t0,
  recordsPulled: fullDone,
  stockCount: listed.total,
  memory: {
    rssBaselineMB,
    rssMB: mem.rss / MB,
    heapUsedMB: mem.heapUsed / MB,
    rssAfterGcMB: afterGc ? afterGc.rss / MB : null,
    heapUsedAfterGcMB: afterGc ? afterGc.heapUsed / MB : null,
    sandboxProcessRssMB,
  },
  sandbox: external ? 'own process' : 'in-process',
  bound,
  incremental,
};
process.stdout.write(JSON.stringify(outcome) + '\n');
process.exit(0);
