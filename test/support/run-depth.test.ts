import { beforeEach, describe, expect, it, vi } from 'vitest';
import { drawn, inLookLanguages, runDepth } from './run-depth';

describe('the sampled sweeps of a run', () => {
  // Each draw prints itself for a replay; these tests draw hundreds of times.
  beforeEach(() => void vi.spyOn(console, 'info').mockImplementation(() => {}));
  const items = ['a', 'b', 'c', 'd', 'e', 'f'];

  it('draws the same cases again from the same seed, and other cases under another name', () => {
    const depth = runDepth({ TEST_SEED: '12345' });
    expect(drawn(depth, 'one sweep', items, 2)).toEqual(drawn(runDepth({ TEST_SEED: '12345' }), 'one sweep', items, 2));
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) for (const item of drawn(runDepth({ TEST_SEED: String(seed) }), 'one sweep', items, 2)) seen.add(item);
    expect([...seen].sort(), 'forty runs draw every case').toEqual(items);
    const names = ['one', 'two', 'three', 'four'].map((name) => drawn(depth, name, items, 3).join());
    expect(new Set(names).size, 'each named draw has its own sequence').toBeGreaterThan(1);
  });

  it('keeps the cases in their order, each once, and runs every case in a release run', () => {
    const picked = drawn(runDepth({ TEST_SEED: '7' }), 'order', items, 4);
    expect(picked).toEqual([...new Set(picked)].sort());
    expect(drawn(runDepth({ TEST_DEPTH: 'release', TEST_SEED: '7' }), 'order', items, 1)).toEqual(items);
  });

  it('looks in English every run and in one other language drawn', () => {
    const cases = [{ lang: 'en' }, { lang: 'de' }, { lang: 'pl' }];
    const looked = inLookLanguages(runDepth({ TEST_SEED: '99' }), 'screens', cases);
    expect(looked).toHaveLength(2);
    expect(looked[0]).toEqual({ lang: 'en' });
    expect(inLookLanguages(runDepth({ TEST_DEPTH: 'release' }), 'screens', cases)).toEqual(cases);
  });

  it('refuses a depth or a seed it does not know instead of running something else', () => {
    expect(() => runDepth({ TEST_DEPTH: 'full' })).toThrow(/commit or release/);
    expect(() => runDepth({ TEST_SEED: 'abc' })).toThrow(/integer/);
    expect(runDepth({ VITE_TEST_DEPTH: 'release' }, 'VITE_').release).toBe(true);
  });
});
