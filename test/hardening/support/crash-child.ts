// One desk process for the crash test (crash.test.ts): the real core (createDeskCore) on
// DESK_DATA_DIR, signed in to the sandbox of the test process (the account was stored there
// before). It works through the plan in DESK_PLAN_FILE (adjustments, each marked by a unique note), through the
// real IPC handlers, skipping those already in the outbox (the worker does not type an adjustment
// twice), and keeps syncing until it is killed. With DESK_FINAL=1 it instead waits until the
// outbox is settled and a sync has finished, then exits 0.
//
// Every line on stdout is JSON: {event: 'ready'}, {event: 'enqueued', note, id}, {event: 'done'}.
import { readFileSync } from 'node:fs';
import { createDeskCore } from '../../../src/main/composition/desk-core';
import { createIpcRouter } from '../../../src/main/kernel/ipc/router';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import type { Result } from '../../../src/shared/ipc/result';

interface PlannedAdjustment {
  sku: string;
  warehouseId: string;
  delta: number;
  reason: 'received';
  note: string;
}

const say = (line: Record<string, unknown>): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const dataDir = process.env['DESK_DATA_DIR'];
if (!dataDir) throw new Error('DESK_DATA_DIR is required');
// A file, not an environment variable: the long run's plan outgrows the limit of one (128 kB).
const planFile = process.env['DESK_PLAN_FILE'];
const plan = (planFile ? JSON.parse(readFileSync(planFile, 'utf8')) : []) as PlannedAdjustment[];
const final = process.env['DESK_FINAL'] === '1';
const gapMs = Number(process.env['DESK_GAP_MS'] ?? '5');

const core = await createDeskCore({ dataDir, secrets: createKeytarStore(), demoByDefault: false, syncIntervalMs: 3_600_000 });
const router = createIpcRouter(core.handlers, { isTrustedSender: () => true, logError: (channel, error) => say({ event: 'internal_error', channel, error: String(error) }) });
async function call<T>(channel: string, input?: unknown): Promise<T> {
  const result = (await router.handle(channel, input, null)) as Result<T>;
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.value;
}

const account = await call<{ mode: string }>('account.status');
if (account.mode !== 'signed_in') throw new Error(`expected a stored account, got ${account.mode}`);
say({ event: 'ready' });

type Entry = { id: string; note: string | null; state: string };
// outbox.list answers at most 500 entries (newest first) and has no paging: per SKU, the plan's
// entries stay within one answer even in the long run (500 kills, ~250 entries per SKU).
const present = new Set<string | null>();
for (const sku of new Set(plan.map((p) => p.sku))) {
  const entries = (await call<{ entries: Entry[] }>('outbox.list', { sku, limit: 500 })).entries;
  if (entries.length >= 500) throw new Error(`more than 500 outbox entries for ${sku}: the child cannot tell which are there`);
  for (const e of entries) present.add(e.note);
}
// Enqueued one by one with a short gap, as a worker scans and adjusts; not awaited, so sends,
// enqueues and syncs overlap.
const adjusting = (async () => {
  for (const item of plan) {
    if (present.has(item.note)) continue;
    const entry = call<Entry>('stock.adjust', item).then((e) => say({ event: 'enqueued', note: item.note, id: e.id }));
    if (final) await entry;
    else void entry.catch((error: unknown) => say({ event: 'error', error: String(error) }));
    await sleep(gapMs);
  }
})();

if (final) {
  await adjusting;
  for (;;) {
    const waiting = (await call<{ entries: Entry[] }>('outbox.list', { states: ['queued', 'sending'], limit: 500 })).entries;
    if (waiting.length === 0) {
      const status = await call<{ state: string }>('sync.now');
      if (status.state === 'idle') break;
    }
    // "Send now" on what still waits (a queued entry is kicked, not re-keyed).
    for (const entry of waiting.filter((e) => e.state === 'queued')) await call('outbox.retry', { id: entry.id });
    await sleep(50);
  }
  say({ event: 'done' });
  await core.close();
  process.exit(0);
} else {
  // Until the kill: sync over and over (the kill lands in a pull as often as in a send).
  for (;;) {
    await call('sync.now').catch((error: unknown) => say({ event: 'error', error: String(error) }));
    await sleep(gapMs);
  }
}
