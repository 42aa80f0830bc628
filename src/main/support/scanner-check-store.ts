import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScannerCheckResult } from '../../shared/ipc/desk-work-records';

const FILE = 'scanner-check.json';

/**
 * The scanner setup check's last verdict: the check runs in the window, and the support file is
 * made in the core, possibly days later and after a restart; so it is kept in a small file of the
 * data folder, replaced by each check.
 */
export class ScannerCheckStore {
  readonly #file: string;

  constructor(dataDir: string) {
    this.#file = join(dataDir, FILE);
  }

  save(result: ScannerCheckResult): void {
    writeFileSync(this.#file, JSON.stringify(result), { mode: 0o600 });
  }

  /** Null when no check ran on this desk, or its file cannot be read as one. */
  last(): ScannerCheckResult | null {
    try {
      const parsed = ScannerCheckResult.safeParse(JSON.parse(readFileSync(this.#file, 'utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
