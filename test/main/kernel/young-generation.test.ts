import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const CHILD = join(import.meta.dirname, 'support', 'young-generation-child.ts');
const MB = 1024 * 1024;

/** The largest new space a fresh process saw under the sync-like load, in MB. */
async function largestNewSpace(mode: 'bounded' | 'default'): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', CHILD, mode], { cwd: join(import.meta.dirname, '..', '..', '..') });
  return Number(stdout.trim()) / MB;
}

describe('boundYoungGeneration', () => {
  it('keeps the new space at 16 MB or less under a load that grows it past that without it', { timeout: 60_000 }, async () => {
    const [bounded, unbounded] = await Promise.all([largestNewSpace('bounded'), largestNewSpace('default')]);
    // The control: Node's own maximum depends on the machine (64 MB here; 32 MB by its documented 64-bit default).
    expect(unbounded).toBeGreaterThan(16);
    expect(bounded).toBeLessThanOrEqual(16);
  });
});
