import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoSandbox } from '../main/composition/demo-sandbox';
import { startCoreThread, type CoreThread } from '../main/core-thread';
import type { EventHub } from '../main/kernel/ipc/event-hub';
import type { Handlers } from '../main/kernel/ipc/router';
import { createKeytarStore } from '../main/kernel/secrets/keytar-store';
import type { SecretStore } from '../main/kernel/secrets/secret-store';
import type { Log } from '../main/kernel/log';
import { createFileLog, LOG_DIR, teeLog } from '../main/kernel/log-file';
import { claimNamedDataDir } from '../main/kernel/private-files';
import type { RunningSandbox, SandboxOptions } from '../sandbox';
import { coreWorkerBundle } from './core-worker-bundle';
import { startHarnessHost, type HarnessCore } from './host';
import { pdfLabelPrinter } from './label-printer';

/**
 * The end-to-end harness: the real core (demo mode, in-process sandbox) behind the real IPC
 * router, and the real renderer served to a browser with the bridge over a loopback. A
 * development and test aid only: nothing in src/main, src/preload or src/renderer imports it
 * (test/harness/boundaries.test.ts checks), and the app's build never includes it.
 */
export interface HarnessOptions {
  /**
   * Default: a new temporary folder, removed on close(). A folder named here is kept; it must be
   * new or private already (`claimNamedDataDir`: its mode is never changed, a folder open to
   * others is refused with `DataDirRefused`).
   */
  dataDir?: string;
  demoSandbox?: Partial<SandboxOptions>;
  /** Serve POST /__test/faults, /__test/expire-tokens and /__test/advance-clock. */
  testControls?: boolean;
  /** Default 0: any free port. Always on 127.0.0.1. */
  port?: number;
  /** Default: the OS keychain (keytar), as in the app. */
  secrets?: SecretStore;
  log?: Log;
}

/** The core as the harness's tests reach it: across its thread, with the demo sandbox, which runs here. */
export interface HarnessDeskCore {
  handlers: Handlers;
  events: EventHub;
  sandbox(): RunningSandbox | null;
}

export interface RunningHarness {
  /** Includes the token; each load of it gives the page a page token of its own (see auth.ts). */
  url: string;
  origin: string;
  /** For Node clients (`Authorization: Bearer <token>`). */
  token: string;
  core: HarnessDeskCore;
  dataDir: string;
  close(): Promise<void>;
}

const KNOWN_OPTIONS = new Set(['dataDir', 'demoSandbox', 'testControls', 'port', 'secrets', 'log']);

export async function startHarness(opts: HarnessOptions = {}): Promise<RunningHarness> {
  // Refuse what is not an option rather than ignore it: `{host: '0.0.0.0'}` must fail loudly.
  for (const key of Object.keys(opts)) {
    if (!KNOWN_OPTIONS.has(key)) throw new TypeError(`startHarness: unknown option ${key} (the harness always listens on 127.0.0.1)`);
  }
  if (opts.port !== undefined && !(Number.isInteger(opts.port) && opts.port >= 0 && opts.port <= 65535)) throw new RangeError('port must be an integer 0..65535');
  const ownDataDir = opts.dataDir === undefined;
  // A folder someone named is used only if it is private already or new; its mode is never changed.
  if (opts.dataDir !== undefined) claimNamedDataDir(opts.dataDir);
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'warehouse-desk-harness-')));
  // The desk's log file in its data folder, as in the app (kernel/log-file.ts), beside the caller's log.
  const fileLog = createFileLog(join(dataDir, LOG_DIR));
  const log = opts.log ? teeLog(opts.log, fileLog.log) : fileLog.log;
  let core: CoreThread | null = null;
  // Printed and saved labels become PDFs here: the harness has no printer.
  const printer = pdfLabelPrinter({ outputDir: join(dataDir, 'labels') });
  // The demo sandbox runs in this thread, not the core's: the tests and the test controls reach it
  // directly, and the core talks to it over HTTP as it would to the service.
  const demo = demoSandbox(dataDir, opts.demoSandbox);
  try {
    core = await startCoreThread({
      dataDir,
      secrets: opts.secrets ?? createKeytarStore(),
      demoByDefault: true,
      printer,
      startDemo: () => demo.start(),
      // With test controls, POST /__test/advance-clock moves the desk's clock (the outbox's judge of
      // how old a key is) together with the sandbox's: past the idempotency horizon on both sides.
      movableClock: opts.testControls ?? false,
      log,
      workerEntry: await coreWorkerBundle(),
    });
    const coreOfHost = core;
    const hostCore: HarnessCore = {
      handlers: coreOfHost.handlers,
      events: coreOfHost.events,
      sandbox() {
        const sandbox = demo.current();
        if (!sandbox) return null;
        return {
          setFaults: (f) => sandbox.setFaults(f),
          expireTokens: () => sandbox.expireTokens(),
          advanceClock: async (ms) => {
            sandbox.advanceClock(ms);
            await coreOfHost.advanceDeskClock(ms);
          },
        };
      },
    };
    const host = await startHarnessHost({ core: hostCore, testControls: opts.testControls ?? false, log, ...(opts.port !== undefined ? { port: opts.port } : {}) });
    const started = core;
    let closing: Promise<void> | null = null;
    return {
      url: host.url,
      origin: host.origin,
      token: host.token,
      core: { handlers: started.handlers, events: started.events, sandbox: () => demo.current() },
      dataDir,
      close() {
        closing ??= (async () => {
          await host.close();
          await printer.close();
          await started.close();
          fileLog.close();
          if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
        })();
        return closing;
      },
    };
  } catch (error) {
    await printer.close().catch(() => {});
    await core?.close().catch(() => {});
    await demo.current()?.close().catch(() => {});
    fileLog.close();
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export { startHarnessHost, type HarnessCore, type HarnessHost, type HarnessHostOptions } from './host';
