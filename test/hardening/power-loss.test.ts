// Issue 15 item 3: a power cut must not lose or double an adjustment. The desk's data directory is
// copied at arbitrary points while a desk process writes without pause (outbox commits and sync
// pages interleaved): the process is frozen with SIGSTOP at a random moment (possibly between the
// write() calls of one commit) and its files copied as they stand, which is what a crash at that
// instant leaves on disk. Each copy must open with `PRAGMA integrity_check` clean, hold every
// adjustment the worker was told was saved, each once under its own key, and every transfer with
// its out leg (issue 16: a transfer's commit is the outbox's too); the last copy, sent to a
// sandbox, applies each of its adjustments exactly once.
// What a copy cannot show is the page cache lost with the power (writes not yet on the platter):
// that is what `synchronous = FULL` on the outbox's commits guards, proven separately in
// test/main/outbox/outbox-durability.test.ts (each commit of the outbox is made while FULL).
import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../src/main/composition/open-cache';
import { CatalogRecorder } from '../../src/main/kernel/cache/catalog-recorder';
import { EventHub } from '../../src/main/kernel/ipc/event-hub';
import { Outbox } from '../../src/main/outbox/outbox';
import type { RunningSandbox } from '../../src/sandbox';
import { startTestSandbox, testClient } from '../main/composition/support/sandbox';
import { tempDir } from '../main/composition/support/temp-dir';
import { runs, SEED, seededRandom } from './support/env';

const CHILD = join(import.meta.dirname, 'support', 'power-child.ts');
const SNAPSHOTS = runs(25, 50, 250);

const random = seededRandom();

describe('power loss: the data directory copied at arbitrary points mid-write', () => {
  const work = tempDir('desk-power-');
  let sandbox: RunningSandbox;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(async () => {
    await sandbox.close();
    work.remove();
  });

  it(`${SNAPSHOTS} copies: integrity_check clean, every saved adjustment present once, then applied once each`, { timeout: 180_000 }, async () => {
    const api = testClient(sandbox);
    const stock = (await api.listStock({ limit: 8 })).body.data.filter((s) => s.levels.length > 0);
    const stockFile = join(work.path, 'stock.json');
    writeFileSync(stockFile, JSON.stringify(stock));
    const dataDir = join(work.path, 'desk');
    mkdirSync(dataDir);

    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, DESK_DATA_DIR: dataDir, DESK_STOCK_FILE: stockFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    /** Adjustments the child reported saved, in order; the transfers among them by their out leg. */
    const saved: string[] = [];
    const transferOf = new Map<string, string>();
    let onLine: () => void = () => undefined;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const [id, transfer] = line.split(' ');
      saved.push(id!);
      if (transfer) transferOf.set(id!, transfer);
      onLine();
    });
    const savedAtLeast = (n: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the writer reported ${saved.length} of ${n} adjustments; stderr ${stderr}`)), 30_000);
        const check = () => {
          if (saved.length >= n) {
            clearTimeout(timer);
            onLine = () => undefined;
            resolve();
          }
        };
        onLine = check;
        check();
      });

    const copies: Array<{ dir: string; saved: string[] }> = [];
    try {
      for (let i = 0; i < SNAPSHOTS; i += 1) {
        // An arbitrary point: after 1 to 6 more adjustments were reported, plus a random pause.
        await savedAtLeast(saved.length + 1 + Math.floor(random() * 6));
        await new Promise((r) => setTimeout(r, Math.floor(random() * 15)));
        child.kill('SIGSTOP');
        const confirmed = [...saved];
        const dir = join(work.path, `copy-${i}`);
        mkdirSync(dir);
        for (const name of ['cache.sqlite', 'cache.sqlite-wal']) {
          if (existsSync(join(dataDir, name))) copyFileSync(join(dataDir, name), join(dir, name));
        }
        child.kill('SIGCONT');
        copies.push({ dir, saved: confirmed });
      }
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect(saved.length).toBeGreaterThan(SNAPSHOTS);
    expect(transferOf.size).toBeGreaterThan(0);

    for (const copy of copies) {
      const db = new Database(join(copy.dir, 'cache.sqlite'));
      try {
        expect(db.pragma('integrity_check', { simple: true }), copy.dir).toBe('ok');
        const rows = db.prepare('SELECT id, idempotency_key FROM outbox ORDER BY seq').all() as Array<{ id: string; idempotency_key: string }>;
        const ids = rows.map((r) => r.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(rows.map((r) => r.idempotency_key)).size).toBe(rows.length);
        // Everything the worker was told was saved is there, in the order it was made.
        expect(ids.slice(0, copy.saved.length)).toEqual(copy.saved);
        // Every transfer reported saved is there with its out leg.
        const legs = new Map((db.prepare('SELECT id, out_id FROM transfers').all() as Array<{ id: string; out_id: string }>).map((t) => [t.out_id, t.id]));
        for (const id of copy.saved) if (transferOf.has(id)) expect(legs.get(id), `transfer of out leg ${id}`).toBe(transferOf.get(id));
      } finally {
        db.close();
      }
    }

    // The last copy, opened by the desk and sent: each of its adjustments applied exactly once.
    const last = copies.at(-1)!;
    const cache = openCache(last.dir);
    try {
      expect(cache.recovery).toBeNull();
      const before = new Map(stock.map((s) => [s.sku, sandbox.adjustmentsFor(s.sku).length]));
      const outbox = new Outbox({ cache, recorder: new CatalogRecorder(cache), events: new EventHub(), api: () => api, online: () => true, account: () => 'demo' });
      await outbox.kick();
      await outbox.idle();
      const rows = cache.db.prepare('SELECT state, idempotency_key, sku FROM outbox').all() as Array<{ state: string; idempotency_key: string; sku: string }>;
      expect(rows.filter((r) => r.state !== 'applied')).toEqual([]);
      const keys = new Set(rows.map((r) => r.idempotency_key));
      let applied = 0;
      for (const s of stock) {
        const fresh = sandbox.adjustmentsFor(s.sku).slice(before.get(s.sku));
        for (const a of fresh) expect(keys.has(a.idempotencyKey)).toBe(true);
        expect(new Set(fresh.map((a) => a.idempotencyKey)).size).toBe(fresh.length);
        applied += fresh.length;
      }
      expect(applied).toBe(rows.length);
      console.log(`[hardening] power loss: ${copies.length} copies mid-write, ${saved.length} adjustments reported saved, last copy ${rows.length} sent once each, seed ${SEED}`);
    } finally {
      cache.close();
    }
  });
});
