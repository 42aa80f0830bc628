import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import type { FaultSettings } from '../../../src/sandbox';

const ROOT = join(import.meta.dirname, '../../..');

/**
 * The harness as its own process (`src/harness/cli.ts`) on a data folder the test keeps, so a
 * test can kill it (SIGKILL: no shutdown code runs, as in a crash or a pulled plug) and start it
 * again on the same folder. Test controls (faults) are on (`--offline-switch`).
 */
export interface HarnessProcess {
  url: string;
  origin: string;
  setFaults(faults: Partial<FaultSettings>): Promise<void>;
  /** SIGKILL, then waits for the process to be gone. */
  kill(): Promise<void>;
  /** SIGTERM: the harness closes the core and the sandbox. */
  stop(): Promise<void>;
}

export async function startHarnessProcess(dataDir: string): Promise<HarnessProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/harness/cli.ts', '--data-dir', dataDir, '--offline-switch'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve(line.trim()));
    child.once('exit', (code) => reject(new Error(`the harness exited (${code}) before it printed its URL: ${stderr.join('')}`)));
  });
  const parsed = new URL(url);
  const token = parsed.searchParams.get('token')!;
  const gone = async (signal: NodeJS.Signals, proc: ChildProcess) => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    await exited;
  };
  return {
    url,
    origin: parsed.origin,
    async setFaults(faults) {
      const answer = await fetch(`${parsed.origin}/__test/faults`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(faults) });
      if (!answer.ok) throw new Error(`faults: ${answer.status} ${await answer.text()}`);
    },
    kill: () => gone('SIGKILL', child),
    stop: () => gone('SIGTERM', child),
  };
}
