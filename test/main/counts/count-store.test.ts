import { afterAll, describe, expect, it } from 'vitest';
import { openCache } from '../../../src/main/composition/open-cache';
import { tempDir } from '../composition/support/temp-dir';

/** The count tables in a real cache file, closed and opened again as after a crash. */
describe('count store', () => {
  const dir = tempDir('desk-count-store-');
  let cache = openCache(dir.path);
  const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 8, 0, n)).toISOString();
  afterAll(() => {
    cache.close();
    dir.remove();
  });

  it('adds one per scan, a typed count replaces it, a recount starts from zero; all of it read back after reopening', () => {
    cache.counts.insertSession({ id: 'cnt_1', account: 'demo', warehouse_id: 'wh_a', zone_json: null, worker: 'Ann', started_at: at(0) });
    for (let n = 1; n <= 4; n++) cache.counts.count('cnt_1', 'WD-1', { add: 1 }, { onHand: 10, version: 3, at: at(0) }, at(n));
    expect(cache.counts.count('cnt_1', 'WD-2', { set: 9 }, null, at(5))).toMatchObject({ counted: 9, basis_on_hand: null });
    // A later scan keeps the first basis: it is what the count began against.
    expect(cache.counts.count('cnt_1', 'WD-1', { add: 1 }, { onHand: 99, version: 4, at: at(6) }, at(6))).toMatchObject({ counted: 5, basis_on_hand: 10 });
    cache.counts.decide('cnt_1', 'WD-1', 'recount', at(7));
    expect(cache.counts.count('cnt_1', 'WD-1', { add: 1 }, null, at(8))).toMatchObject({ counted: 1, decision: 'pending' });

    cache.close();
    cache = openCache(dir.path);
    expect(cache.counts.open('demo')?.id).toBe('cnt_1');
    expect(cache.counts.lines('cnt_1').map((l) => [l.sku, l.counted])).toEqual([
      ['WD-1', 1],
      ['WD-2', 9],
    ]);
  });

  it('submits a line once: a second mark is refused and a submitted line counts no more', () => {
    cache.counts.decide('cnt_1', 'WD-2', 'accepted', at(9));
    expect(cache.counts.toSubmit('cnt_1').map((l) => l.sku)).toEqual(['WD-2']);
    expect(cache.counts.markSubmitted('cnt_1', 'WD-2', 4, 'entry-1', at(10))).toBe(true);
    expect(cache.counts.markSubmitted('cnt_1', 'WD-2', 4, 'entry-2', at(11))).toBe(false);
    expect(cache.counts.count('cnt_1', 'WD-2', { add: 1 }, null, at(12))).toMatchObject({ counted: 9, entry_id: 'entry-1' });
    expect(cache.counts.toSubmit('cnt_1')).toEqual([]);
    cache.counts.close('cnt_1', 'submitted', at(13));
    expect(cache.counts.open('demo')).toBeNull();
  });
});
