// Where the benchmarks host the desk's core, chosen by one flag (`--core=inline|thread`):
// - inline: createDeskCore in the thread that routes IPC (what the app did before the core's thread);
// - thread: startCoreThread, the core in a worker thread, its handlers async proxies across it.
// Either way every call goes through the real IPC router in this thread.
import { startCoreThread } from '../../src/main/core-thread';
import type { EventHub } from '../../src/main/kernel/ipc/event-hub';
import type { Handlers } from '../../src/main/kernel/ipc/router';
import { coreOptions, openCore, routeTo, type CoreSetup, type OpenedCore } from './core';

export const CORE_HOSTS = ['inline', 'thread'] as const;
export type CoreHostKind = (typeof CORE_HOSTS)[number];

export interface CoreHost extends Pick<OpenedCore, 'router' | 'call'> {
  kind: CoreHostKind;
  /** What the router calls: the core's own handlers (inline) or their proxies (thread). */
  handlers: Handlers;
  events: EventHub;
  close(): Promise<void>;
}

/** `--core=inline|thread` among `args`; `fallback` when absent. Throws on any other value. */
export function coreHostFlag(args: readonly string[], fallback: CoreHostKind): CoreHostKind {
  const value = args.find((a) => a.startsWith('--core='))?.slice('--core='.length);
  if (value === undefined) return fallback;
  if (!(CORE_HOSTS as readonly string[]).includes(value)) throw new Error(`--core=${value}: expected one of ${CORE_HOSTS.join(', ')}`);
  return value as CoreHostKind;
}

/** Opens the core on `dataDir` in the chosen host, and the router in this thread in front of it. */
export async function openCoreHost(kind: CoreHostKind, dataDir: string, setup: CoreSetup): Promise<CoreHost> {
  if (kind === 'inline') {
    const opened = await openCore(dataDir, setup);
    return { kind, router: opened.router, call: opened.call, handlers: opened.core.handlers, events: opened.core.events, close: opened.close };
  }
  const thread = await startCoreThread(coreOptions(dataDir, setup));
  return { kind, ...routeTo(thread.handlers, setup.log), handlers: thread.handlers, events: thread.events, close: () => thread.close() };
}
