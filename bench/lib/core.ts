// The main-process core as the benchmarks drive it: createDeskCore in demo mode (the sandbox
// in-process), secrets in memory (no keychain is needed to measure), every call through the real
// IPC router exactly as Electron's ipcMain and the harness call it.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventHub } from '../../src/main/ipc/event-hub';
import { createIpcRouter, type Handlers, type IpcRouter } from '../../src/main/ipc/router';
import type { SecretStore } from '../../src/main/secrets/secret-store';
import type { Channel, Input, Output } from '../../src/shared/ipc/contract';
import type { RunningSandbox, SandboxOptions } from '../../src/sandbox';

/** What the benchmarks use of a DeskCore (interfaces.md); the module is loaded when it exists. */
export interface BenchCore {
  handlers: Handlers;
  events: EventHub;
  sandbox(): RunningSandbox | null;
  close(): Promise<void>;
}

interface CoreOptions {
  dataDir: string;
  secrets: SecretStore;
  demoByDefault?: boolean;
  demoSandbox?: Partial<SandboxOptions>;
  syncIntervalMs?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string, data?: Record<string, unknown>) => void;
}
type CreateDeskCore = (options: CoreOptions) => Promise<BenchCore>;

/** The demo sandbox file inside a data dir (interfaces.md: "demo-sandbox.sqlite live here"). */
export const DEMO_SANDBOX_FILE = 'demo-sandbox.sqlite';

let loaded: CreateDeskCore | string | undefined;

/** createDeskCore, or why it cannot be loaded (the core is written in parallel with the bench). */
export async function loadCreateDeskCore(): Promise<CreateDeskCore | string> {
  if (loaded !== undefined) return loaded;
  const file = join(import.meta.dirname, '..', '..', 'src', 'main', 'desk-core.ts');
  if (!existsSync(file)) return (loaded = 'src/main/desk-core.ts (createDeskCore) does not exist yet');
  try {
    const specifier = '../../src/main/desk-core';
    const mod = (await import(specifier)) as { createDeskCore?: CreateDeskCore };
    loaded = typeof mod.createDeskCore === 'function' ? mod.createDeskCore : 'src/main/desk-core.ts exports no createDeskCore';
  } catch (error) {
    loaded = `src/main/desk-core.ts does not load: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
  }
  return loaded;
}

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
  core: BenchCore;
  router: IpcRouter<null>;
  /** A router call that must succeed: the value, or an Error naming the channel and code. */
  call<C extends Channel>(channel: C, input?: Input<C>): Promise<Output<C>>;
  close(): Promise<void>;
}

/**
 * Opens a core in demo mode on `dataDir`. `seededSandbox`: a demo sandbox file seeded before
 * (copied in when the data dir has none, so several runs share one seeding).
 */
export async function openCore(dataDir: string, options: { seededSandbox?: string; skus: number; log?: (m: string) => void }): Promise<OpenedCore> {
  const create = await loadCreateDeskCore();
  if (typeof create === 'string') throw new Error(create);
  mkdirSync(dataDir, { recursive: true });
  const sandboxFile = join(dataDir, DEMO_SANDBOX_FILE);
  if (options.seededSandbox && !existsSync(sandboxFile)) copyFileSync(options.seededSandbox, sandboxFile);
  const core = await create({
    dataDir,
    secrets: memorySecrets(),
    demoByDefault: true,
    demoSandbox: { demo: { skus: options.skus, shipments: 50 }, rateLimit: false, dbPath: sandboxFile },
    // No timer sync during a measurement: the benchmark starts every sync itself.
    syncIntervalMs: 24 * 3600 * 1000,
    log: (level, message) => {
      if (level === 'error') options.log?.(`core error: ${message}`);
    },
  });
  const router = createIpcRouter<null>(core.handlers, { isTrustedSender: () => true, logError: (c, e) => options.log?.(`router ${c}: ${String(e)}`) });
  return {
    core,
    router,
    async call(channel, input) {
      const result = await router.handle(channel, input, null);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
      return result.value as Output<typeof channel>;
    },
    close: () => core.close(),
  };
}
