// The test's side of support/desk-work-child.ts: a desk process that can be called as the renderer
// calls the core, killed with SIGKILL (a crash), and started again on the same data dir.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Result } from '../../../src/shared/ipc/result';

const root = resolve(import.meta.dirname, '../../..');
const CHILD = join(import.meta.dirname, 'desk-work-child.ts');

export interface DeskLog {
  level: string;
  message: string;
  data?: Record<string, unknown>;
}

export interface DeskProcess {
  /** A call through the core's IPC router, answered as the renderer would get it. */
  call<T = unknown>(channel: string, input?: unknown): Promise<Result<T>>;
  /** Sets the desk clock's offset from the system's. */
  skew(ms: number): Promise<void>;
  /** SIGKILL: nothing is drained, nothing closed; unanswered calls fail with `DeskGone`. */
  kill(): Promise<void>;
  /** Closes the core as the app does on quit, and waits for the process to end. */
  close(): Promise<void>;
  /** Warnings and errors the core logged, since this process started. */
  readonly logs: DeskLog[];
  /** Bugs: exceptions the router caught, events that broke the contract. */
  readonly bugs: string[];
}

/** A call whose process died before answering (the test killed it). */
export class DeskGone extends Error {}

interface Pending {
  resolve: (result: Result<unknown>) => void;
  reject: (error: Error) => void;
}

export async function startDesk(dataDir: string, skewMs: number): Promise<DeskProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    cwd: root,
    env: { ...process.env, DESK_DATA_DIR: dataDir, DESK_SKEW_MS: String(skewMs) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const logs: DeskLog[] = [];
  const bugs: string[] = [];
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let stderr = '';
  let gone = false;
  let markReady: () => void = () => undefined;
  let failReady: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  const exited = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      gone = true;
      const error = new DeskGone(`the desk process ended (${signal ?? code}) ${stderr.slice(-1500)}`);
      failReady(error);
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
      resolve();
    });
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-20_000)));
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let message: Record<string, unknown>;
    try {
      message = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return; // not ours (a library writing to stdout)
    }
    if (message['event'] === 'ready') markReady();
    else if (message['event'] === 'log') logs.push(message as unknown as DeskLog);
    else if (message['event'] === 'internal_error') bugs.push(`internal error in ${String(message['channel'])}: ${String(message['error'])}`);
    else if (message['event'] === 'event_problem') bugs.push(`event against the contract: ${String(message['problem'])}`);
    else if (typeof message['id'] === 'number') {
      const waiting = pending.get(message['id']);
      pending.delete(message['id']);
      waiting?.resolve(message['result'] as Result<unknown>);
    }
  });
  const send = (command: Record<string, unknown>): Promise<Result<unknown>> => {
    if (gone) return Promise.reject(new DeskGone('the desk process has ended'));
    const id = nextId++;
    return new Promise<Result<unknown>>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      child.stdin!.write(`${JSON.stringify({ id, ...command })}\n`);
    });
  };
  await ready;
  return {
    logs,
    bugs,
    call: <T>(channel: string, input?: unknown) => send({ kind: 'call', channel, input }) as Promise<Result<T>>,
    async skew(ms) {
      await send({ kind: 'skew', ms });
    },
    async kill() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
    async close() {
      await send({ kind: 'close' }).catch((error: unknown) => {
        if (!(error instanceof DeskGone)) throw error;
      });
      await exited;
    },
  };
}
