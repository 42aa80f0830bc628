// The harness as the browser benchmarks use it: loaded only when src/harness/index.ts exists (it is
// written in parallel with the bench), with secrets in memory instead of the keychain.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { memorySecrets, type BenchCore } from './core';
import type { SandboxOptions } from '../../src/sandbox';

export interface BenchHarness {
  url: string;
  origin: string;
  token: string;
  core: BenchCore;
  close(): Promise<void>;
}

type StartHarness = (opts: { dataDir?: string; demoSandbox?: Partial<SandboxOptions>; secrets?: ReturnType<typeof memorySecrets> }) => Promise<BenchHarness>;

export async function startBenchHarness(dataDir: string): Promise<BenchHarness> {
  const file = join(import.meta.dirname, '..', '..', 'src', 'harness', 'index.ts');
  if (!existsSync(file)) throw new Error('src/harness/index.ts (startHarness) does not exist yet');
  const specifier = '../../src/harness/index';
  const mod = (await import(specifier)) as { startHarness?: StartHarness };
  if (typeof mod.startHarness !== 'function') throw new Error('src/harness/index.ts exports no startHarness');
  return mod.startHarness({ dataDir, secrets: memorySecrets() });
}
