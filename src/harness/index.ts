import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDeskCore, type DeskCore } from '../main/composition/desk-core';
import { createKeytarStore } from '../main/kernel/secrets/keytar-store';
import type { SecretStore } from '../main/kernel/secrets/secret-store';
import type { Log } from '../main/kernel/log';
import { claimNamedDataDir } from '../main/kernel/private-files';
import type { SandboxOptions } from '../sandbox';
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

export interface RunningHarness {
  /** Includes the token; each load of it gives the page a page token of its own (see auth.ts). */
  url: string;
  origin: string;
  /** For Node clients (`Authorization: Bearer <token>`). */
  token: string;
  core: DeskCore;
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
  const log = opts.log ?? (() => {});
  let core: DeskCore | null = null;
  // With test controls, POST /__test/advance-clock moves the desk's clock (the outbox's judge of
  // how old a key is) together with the sandbox's: past the idempotency horizon on both sides.
  let deskClockAheadMs = 0;
  // Printed and saved labels become PDFs here: the harness has no printer.
  const printer = pdfLabelPrinter({ outputDir: join(dataDir, 'labels') });
  try {
    core = await createDeskCore({
      dataDir,
      secrets: opts.secrets ?? createKeytarStore(),
      demoByDefault: true,
      printer,
      ...(opts.demoSandbox ? { demoSandbox: opts.demoSandbox } : {}),
      ...(opts.testControls ? { now: () => new Date(Date.now() + deskClockAheadMs) } : {}),
      log,
    });
    const coreOfHost = core;
    const hostCore: HarnessCore = {
      handlers: coreOfHost.handlers,
      events: coreOfHost.events,
      sandbox() {
        const sandbox = coreOfHost.sandbox();
        if (!sandbox) return null;
        return {
          setFaults: (f) => sandbox.setFaults(f),
          expireTokens: () => sandbox.expireTokens(),
          advanceClock: (ms) => {
            deskClockAheadMs += ms;
            sandbox.advanceClock(ms);
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
      core: started,
      dataDir,
      close() {
        closing ??= (async () => {
          await host.close();
          await printer.close();
          await started.close();
          if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
        })();
        return closing;
      },
    };
  } catch (error) {
    await printer.close().catch(() => {});
    await core?.close().catch(() => {});
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export { startHarnessHost, type HarnessCore, type HarnessHost, type HarnessHostOptions } from './host';
