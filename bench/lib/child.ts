// Runs a command to completion with a time limit, collecting its output (for builds and helper
// processes the benchmarks start; every child is ended by its own pid, never by name).
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

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

/** Resolves with the first stdout line of `child` that `match` accepts. */
export function waitForLine(child: ChildProcess, match: (line: string) => boolean, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no expected output within ${timeoutMs} ms: ${err.slice(-300)}`)), timeoutMs);
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const line = out.split('\n').find((l) => match(l.trim()));
      if (line !== undefined) {
        clearTimeout(timer);
        resolve(line.trim());
      }
    });
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (err += d));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the child exited (${code}) before its output: ${err.slice(-300)}`));
    });
  });
}

/** SIGTERM to this child (by its own handle), SIGKILL after 10 s; resolves when it has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
