// The main-process core as the benchmarks drive it: createDeskCore in demo mode (the sandbox
// in-process), secrets in memory (no keychain is needed to measure), every call through the real
// IPC router exactly as Electron's ipcMain and the harness call it.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDeskCore, type DeskCore, type DeskCoreOptions } from '../../src/main/composition/desk-core';
import { createIpcRouter, type Handlers, type IpcRouter } from '../../src/main/kernel/ipc/router';
import type { SecretStore } from '../../src/main/kernel/secrets/secret-store';
import type { StartDemo } from '../../src/main/account';
import type { Channel, Input, Output } from '../../src/shared/ipc/contract';

/** The demo sandbox file inside a data dir (the core keeps it beside cache.sqlite). */
export const DEMO_SANDBOX_FILE = 'demo-sandbox.sqlite';

/** Secrets in memory: the benchmarks measure the cache and the sync, not the keychain. */
export function memorySecrets(): SecretStore {
  const map = new Map<string, string>();
  const k = (service: string, account: string): string => `${service}\u0000${account}`;
  return {
    get: async (s, a) => map.get(k(s, a)) ?? null,
    set: async (s, a, secret) => void map.set(k(s, a), secret),
    delete: async (s, a) => map.delete(k(s, a)),
  };
}

export interface OpenedCore {
  core: DeskCore;
  router: IpcRouter<null>;
  /** A router call that must succeed: the value, or an Error naming the channel and code. */
  call<C extends Channel>(channel: C, input?: Input<C>): Promise<Output<C>>;
  close(): Promise<void>;
}

/**
 * Opens a core in demo mode on `dataDir`. `seededSandbox`: a demo sandbox file seeded before
 * (copied in when the data dir has none, so several runs share one seeding). `startDemo`: the demo's
 * service runs elsewhere (its own process, on that same file) instead of in this process.
 */
/** What the benchmarks open a core with, hosted here (createDeskCore) or in its thread (startCoreThread). */
export interface CoreSetup {
  /** A seeded demo sandbox file, copied in when the data dir has none (several runs share one seeding). */
  seededSandbox?: string;
  skus: number;
  log?: (m: string) => void;
  /** The demo's service runs elsewhere (its own process, on that same file) instead of in the core's process. */
  startDemo?: StartDemo;
}

/** The options both hosts take: demo mode on the data dir's sandbox file, secrets in memory, no timer sync. */
export function coreOptions(dataDir: string, setup: CoreSetup): Pick<DeskCoreOptions, 'dataDir' | 'secrets' | 'demoByDefault' | 'demoSandbox' | 'startDemo' | 'syncIntervalMs' | 'log'> {
  mkdirSync(dataDir, { recursive: true });
  const sandboxFile = join(dataDir, DEMO_SANDBOX_FILE);
  if (setup.seededSandbox && !existsSync(sandboxFile)) copyFileSync(setup.seededSandbox, sandboxFile);
  return {
    dataDir,
    secrets: memorySecrets(),
    demoByDefault: true,
    demoSandbox: { demo: { skus: setup.skus, shipments: 50 }, rateLimit: false, dbPath: sandboxFile },
    ...(setup.startDemo ? { startDemo: setup.startDemo } : {}),
    // No timer sync during a measurement: the benchmark starts every sync itself.
    syncIntervalMs: 24 * 3600 * 1000,
    log: (level, message) => {
      if (level === 'error') setup.log?.(`core error: ${message}`);
    },
  };
}

/** The IPC router on `handlers`, as Electron's ipcMain and the harness build it, and a call that must succeed. */
export function routeTo(handlers: Handlers, log?: (m: string) => void): Pick<OpenedCore, 'router' | 'call'> {
  const router = createIpcRouter<null>(handlers, { isTrustedSender: () => true, logError: (c, e) => log?.(`router ${c}: ${String(e)}`) });
  return {
    router,
    async call(channel, input) {
      const result = await router.handle(channel, input, null);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
      return result.value as Output<typeof channel>;
    },
  };
}

/**
 * Opens a core in demo mode on `dataDir`, in this thread. `startDemo`: the demo's service runs
 * elsewhere (its own process, on the data dir's sandbox file) instead of in this process.
 */
export async function openCore(dataDir: string, setup: CoreSetup): Promise<OpenedCore> {
  const core = await createDeskCore(coreOptions(dataDir, setup));
  return { core, ...routeTo(core.handlers, setup.log), close: () => core.close() };
}
