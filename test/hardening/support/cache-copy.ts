import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The cache file as the next process would find it (with its WAL and shared memory), copied into
 * `into` (emptied first), so a check can open it without touching the original. Returns the copy's path.
 */
export function copyCacheFiles(dataDir: string, into: string): string {
  rmSync(into, { recursive: true, force: true });
  mkdirSync(into);
  for (const suffix of ['', '-wal', '-shm']) {
    const file = join(dataDir, `cache.sqlite${suffix}`);
    if (existsSync(file)) copyFileSync(file, join(into, `cache.sqlite${suffix}`));
  }
  return join(into, 'cache.sqlite');
}
