// Runs a command to completion with a time limit, collecting its output (for builds and helper
// processes the benchmarks start; every child is ended by its own pid, never by name).
import { spawn, type SpawnOptions } from 'node:child_process';

export interface ChildOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function runChild(command: string, args: readonly string[], options: SpawnOptions & { timeoutMs: number }): Promise<ChildOutcome> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started });
    });
  });
}

/** `node --import tsx <file> <args>`: a TypeScript helper in a fresh process (fresh heap and RSS). */
export function tsxArgs(file: string, args: readonly string[] = []): string[] {
  return ['--import', 'tsx', file, ...args];
}
