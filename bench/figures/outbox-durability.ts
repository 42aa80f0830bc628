// Figure 9: what synchronous=FULL on the outbox's commits costs a worker. An adjustment taken
// offline (`Outbox.enqueue`: validation, one INSERT committed with FULL, the WAL synced to disk)
// on a cache file in the scratch dir; peer in the same run, interleaved: the same INSERT committed
// with the cache's default NORMAL (no sync at commit), which is what an adjustment cost before.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { openCache } from '../../src/main/composition/open-cache';
import { CatalogRecorder } from '../../src/main/kernel/cache/catalog-recorder';
import { EventHub } from '../../src/main/kernel/ipc/event-hub';
import { Outbox } from '../../src/main/outbox/outbox';
import type { BenchContext, Figure } from '../lib/figure';
import { nowMs, round, roundSummary, summarize } from '../lib/stats';

export async function measureOutboxDurability(ctx: BenchContext): Promise<Figure[]> {
  const dir = join(ctx.scratch, 'durability');
  mkdirSync(dir, { recursive: true });
  const cache = openCache(dir);
  try {
    const outbox = new Outbox({ cache, recorder: new CatalogRecorder(cache), events: new EventHub(), api: () => null, online: () => false, account: () => 'bench' });
    const normalInsert = cache.db.prepare(`
      INSERT INTO outbox (id, account, idempotency_key, sku, warehouse_id, delta, reason, note, state, attempts, created_at, updated_at)
      VALUES (?, 'bench', ?, 'WD-000001', 'wh_1', 1, 'received', NULL, 'queued', 0, ?, ?)`);
    const perRun = ctx.quick ? 50 : 200;
    const full: number[] = [];
    const normal: number[] = [];
    for (let run = 0; run < ctx.runs; run++) {
      for (let i = 0; i < perRun; i++) {
        let started = nowMs();
        outbox.enqueue({ sku: 'WD-000001', warehouseId: 'wh_1', delta: 1, reason: 'received' });
        full.push(nowMs() - started);
        const at = new Date().toISOString();
        started = nowMs();
        normalInsert.run(randomUUID(), randomUUID(), at, at);
        normal.push(nowMs() - started);
      }
    }
    const f = summarize(full);
    const n = summarize(normal);
    ctx.log(`outbox enqueue with FULL p50 ${f.median.toFixed(3)} ms p95 ${f.p95.toFixed(3)} ms; NORMAL insert p50 ${n.median.toFixed(3)} ms p95 ${n.p95.toFixed(3)} ms`);
    const bound = { label: 'the same INSERT committed with synchronous=NORMAL', value: round(n.p95), unit: 'ms' as const };
    return [
      {
        key: 'outbox.enqueue.full.p95',
        title: '9. An adjustment saved offline (outbox enqueue, commit with synchronous=FULL), p95',
        value: round(f.p95),
        unit: 'ms',
        bound,
        ratio: round(f.p95 / n.p95, 2),
        ratioMeaning: 'x bound',
        goal: 'p95 < 50 ms (well under a scan)',
        met: f.p95 < 50,
        details: { full: roundSummary(f), normal: roundSummary(n), samplesEach: full.length },
      },
      {
        key: 'outbox.enqueue.full.p50',
        title: '9. An adjustment saved offline, p50',
        value: round(f.median),
        unit: 'ms',
        bound: { ...bound, value: round(n.median) },
        ratio: round(f.median / n.median, 2),
        ratioMeaning: 'x bound',
        goal: '-',
        met: null,
      },
    ];
  } finally {
    cache.close();
  }
}
