// A desk process as the app runs it: the IPC router on this thread, the core (startCoreThread) in
// its worker thread (DESK_CORE_WORKER: the bundled worker's file URL), on DESK_DATA_DIR with the account stored there before. For
// thread-boundary-kill.test.ts, which SIGKILLs it while an adjustment is on its way between the two.
//
// stdin, one JSON object a line: an adjustment to make ({sku, warehouseId, delta, reason, note}).
// stdout, one JSON object a line: {event: 'ready'}, {event: 'crossing', note} just before the
// router hands the adjustment to the core's thread, {event: 'answered', note, id} when its answer
// is back. With DESK_FINAL=1 it makes none: it waits until the outbox is settled, then exits 0.
import { createInterface } from 'node:readline';
import { startCoreThread } from '../../../src/main/core-thread';
import { createIpcRouter } from '../../../src/main/kernel/ipc/router';
import { createKeytarStore } from '../../../src/main/kernel/secrets';
import type { Result } from '../../../src/shared/ipc/result';

const say = (line: Record<string, unknown>): void => void process.stdout.write(`${JSON.stringify(line)}\n`);
const dataDir = process.env['DESK_DATA_DIR'];
if (!dataDir) throw new Error('DESK_DATA_DIR is required');

const workerEntry = process.env['DESK_CORE_WORKER'];
const core = await startCoreThread({ dataDir, secrets: createKeytarStore(), demoByDefault: false, syncIntervalMs: 3_600_000, ...(workerEntry ? { workerEntry: new URL(workerEntry) } : {}) });
const router = createIpcRouter(core.handlers, { isTrustedSender: () => true, logError: (channel, error) => say({ event: 'internal_error', channel, error: String(error) }) });
async function call<T>(channel: string, input?: unknown): Promise<T> {
  const result = (await router.handle(channel, input, null)) as Result<T>;
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.value;
}

if (process.env['DESK_FINAL'] === '1') {
  for (;;) {
    const waiting = (await call<{ entries: Array<{ id: string; state: string }> }>('outbox.list', { states: ['queued', 'sending'], limit: 500 })).entries;
    if (waiting.length === 0) break;
    // "Send now" on what still waits; one the send loop took meanwhile refuses it, which is fine.
    for (const entry of waiting.filter((e) => e.state === 'queued')) await router.handle('outbox.retry', { id: entry.id }, null);
    await new Promise((r) => setTimeout(r, 50));
  }
  say({ event: 'done' });
  await core.close();
  process.exit(0);
}

say({ event: 'ready' });
createInterface({ input: process.stdin }).on('line', (line) => {
  const adjustment = JSON.parse(line) as { note: string };
  say({ event: 'crossing', note: adjustment.note });
  call<{ id: string }>('stock.adjust', adjustment).then(
    (entry) => say({ event: 'answered', note: adjustment.note, id: entry.id }),
    (error: unknown) => say({ event: 'error', note: adjustment.note, error: String(error) }),
  );
});
