import { describe, expect, it } from 'vitest';
import { cacheRebuiltNotice } from '../../../src/main/composition/cache-rebuilt-notice';
import type { CacheRecovery } from '../../../src/main/composition/open-cache';
import { CACHE_REBUILT_CASES } from '../../support/cache-rebuilt-cases';

// Each sentence of the notice only where it is true of the rebuild: what was kept and goes on,
// what the worker must look at (the screens word the same params: test/components/shell).
describe('the notice of a rebuilt cache, as main words it', () => {
  it.each(CACHE_REBUILT_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(cacheRebuiltNotice(c.recovery as CacheRecovery)).toEqual({ message: c.message, params: c.params });
  });
});
