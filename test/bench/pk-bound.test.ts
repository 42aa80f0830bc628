// The idle lookup's bound in "scan while syncing" (bench/lib/pk-bound.ts): reached through the
// router in the router's thread (inline) or across a thread hop (thread), it must answer with the
// row a bare primary-key select returns, and say so when asked for a SKU it does not know.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPkBound, type PkBound } from '../../bench/lib/pk-bound';

let dir: string;
let cacheFile: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'wd-pk-bound-'));
  cacheFile = join(dir, 'cache.sqlite');
  const db = new Database(cacheFile);
  db.exec('CREATE TABLE stock_items (id INTEGER PRIMARY KEY, sku TEXT NOT NULL UNIQUE, name TEXT NOT NULL) STRICT');
  const insert = db.prepare('INSERT INTO stock_items (id, sku, name) VALUES (?, ?, ?)');
  for (let i = 1; i <= 50; i++) insert.run(100 + i, `WD-${String(i).padStart(6, '0')}`, `Item ${i}`);
  db.close();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(['inline', 'thread'] as const)('the PK bound, %s', (kind) => {
  // One bound for both tests: a thread that loads TypeScript through tsx takes seconds to start on a busy machine.
  let bound: PkBound;
  beforeAll(async () => {
    bound = await openPkBound(kind, cacheFile, ['WD-000007', 'WD-000042']);
  });
  afterAll(() => bound.close());

  it('answers the row of the SKU', async () => {
    expect(await bound.lookup({ code: 'WD-000042' })).toEqual({ id: 142, sku: 'WD-000042', name: 'Item 42' });
    expect(await bound.lookup({ code: 'WD-000007' })).toEqual({ id: 107, sku: 'WD-000007', name: 'Item 7' });
  });

  it('refuses a SKU it was not given', async () => {
    await expect(async () => bound.lookup({ code: 'WD-000008' })).rejects.toThrow(/knows no SKU WD-000008/);
  });
});
