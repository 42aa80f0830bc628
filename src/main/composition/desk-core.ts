import { cacheRebuiltNotice } from './cache-rebuilt-notice';
import { openCache } from './open-cache';
import { AccountService, type StartDemo } from '../account';
import { downloadInstead, type FileSaver } from '../kernel/file-saver';
import { EventHub } from '../kernel/ipc/event-hub';
import { ensurePrivateDir } from '../kernel/private-files';
import { Journal, journalOutbox, journalSyncFailures } from '../journal';
import { requireSignedIn } from '../kernel/ipc/account-guard';
import { TransferService } from '../transfers';
import type { Handlers } from '../kernel/ipc/router';
import type { Log } from '../kernel/log';
import { NoticeBoard } from '../kernel/notice-board';
import type { SecretStore } from '../kernel/secrets';
import type { LabelPrinter } from '../labels';
import { PrintService, PrinterSetupStore } from '../printers';
import { loadPolicy, policyFilePath, policyLines } from '../policy';
import { SettingsStore } from '../settings';
import { onHandHistoryPruner } from '../stock';
import { boundYoungGeneration } from '../kernel/young-generation';
import type { RunningSandbox, SandboxOptions } from '../../sandbox';
import { demoSandbox } from './demo-sandbox';
import { createHandlers, type DeskHandlers } from './handlers';
import { warehouseCode } from '../warehouses';
import type { Channel } from '../../shared/ipc/contract';

export interface DeskCoreOptions {
  /**
   * cache.sqlite, settings.json and demo-sandbox.sqlite live here. The desk's own folder: made
   * 0700 whatever its mode. A folder a person named (the harness's --data-dir) goes through
   * `claimNamedDataDir` (kernel/private-files.ts) before it gets here.
   */
  dataDir: string;
  /** The keytar store in the app and in tests (the real keychain). */
  secrets: SecretStore;
  /** Default true: with no account, start the demo (the sandbox in-process on 127.0.0.1). */
  demoByDefault?: boolean;
  /** Options of the demo sandbox, e.g. `{demo: {skus: 100_000}}` for benchmarks. */
  demoSandbox?: Partial<SandboxOptions>;
  /**
   * The demo's service started elsewhere instead of the sandbox in this process: the benchmarks
   * run it in its own process to measure the core's memory alone (issue 19). `sandbox()` is then null.
   */
  startDemo?: StartDemo;
  /** Default 5 minutes. */
  syncIntervalMs?: number;
  fetch?: typeof fetch;
  /** How labels reach paper or a PDF: Electron's print path in the app, headless Chromium in the harness. */
  printer?: LabelPrinter;
  /** Must never receive secrets (nothing here passes one). */
  log?: Log;
  /** Where exported files go: Electron's save dialog; without it, back to the page as a download. */
  saveFile?: FileSaver;
  /**
   * The desk's clock, where the outbox judges a key's age and transfers stamp their rows: the
   * real one by default; tests and the harness move it together with the sandbox's.
   */
  now?: () => Date;
  /** How often the print queue looks for a due job; 1 s by default. */
  printQueueTickMs?: number;
  /** The machine-wide policy file: by default the system's place, or `WAREHOUSE_DESK_POLICY` (policy/policy-file.ts). */
  policyFile?: string;
}

export interface DeskCore {
  /** One per channel of the contract, for createIpcRouter. */
  handlers: Handlers;
  /** After the reader thread answered a call in the core's place: its journal line and what follows it (a lookup's refresh). */
  answeredByReader(channel: Channel, input: unknown, output: unknown): void;
  /** The channels `answeredByReader` does something for: after the reader answered another, the core need not hear of it. */
  followsReader: readonly Channel[];
  /** Whether a cached answer is followed by asking the service for a fresh copy: signed in and online. */
  serviceReachable(): boolean;
  /** Main -> renderer events. */
  events: EventHub;
  /** The in-process demo sandbox, for tests, the harness's test controls and benchmarks. */
  sandbox(): RunningSandbox | null;
  /** Stops timers, sync and the sandbox; closes the database. */
  close(): Promise<void>;
}

const DEFAULT_SYNC_INTERVAL_MS = 5 * 60_000;

/**
 * The composition root of the main process's core: the cache, settings, the account and its session (API
 * client, connectivity, sync, outbox, lookup) and the handler of every IPC channel. Knows
 * nothing of Electron: the Electron edge and the harness both host it.
 */
export async function createDeskCore(options: DeskCoreOptions): Promise<DeskCore> {
  // Process-wide, here because every host (Electron, the harness, the benchmarks) makes its core here.
  boundYoungGeneration();
  ensurePrivateDir(options.dataDir);
  const events = new EventHub();
  const notices = new NoticeBoard(events);
  const log = options.log;

  // Read once at start, like the policies of Chrome and VS Code: a changed file applies at the next start.
  const read = loadPolicy(options.policyFile ?? policyFilePath());
  for (const problem of read.problems) log?.('warn', 'policy file: part not applied', { file: read.file, ...problem });
  const settings = new SettingsStore(options.dataDir, { policy: read });
  const policy = settings.policy;
  if (settings.problem) {
    log?.('warn', 'settings file unreadable, defaults used', { reason: settings.problem.reason });
    notices.add('warning', 'settings_reset', `The settings file could not be read (${settings.problem.reason}); the defaults are used. The old file was kept as ${settings.problem.movedTo}.`, { movedTo: settings.problem.movedTo });
  }

  // quick_check (not the full integrity_check), and only after the last session did not close the
  // file: it reads every page, seconds for a million SKUs on the start path (bench figure 8).
  // The WAL is copied into the file by a worker thread: a checkpoint in a scan's commit would make
  // the scan wait for it (wal-checkpointer.ts).
  const cache = openCache(options.dataDir, {
    check: 'unclean',
    backgroundCheckpoints: { onFallback: (reason) => log?.('warn', 'WAL checkpoints back on the main thread', { reason }) },
  });
  if (cache.recovery) {
    const { reason, outbox, transfers, undoLinks, counts, held } = cache.recovery;
    // Held entries by id (a sample: with the undo links lost, every settled adjustment is held).
    log?.('warn', 'cache file damaged, rebuilt', {
      reason,
      outboxCopied: outbox.copied,
      outboxWaiting: outbox.waiting,
      outboxProblem: outbox.problem,
      transfers,
      undoLinks,
      counts,
      held: held.length,
      heldSample: held.slice(0, 20).map((h) => `${h.id} ${h.why} ${h.state}`),
    });
    const { message, params } = cacheRebuiltNotice(cache.recovery);
    notices.add('warning', 'cache_rebuilt', message, params);
  }
  // Entries the last process left mid-send go back to the queue, before anything is sent.
  const interrupted = cache.outbox.requeueInterrupted(new Date().toISOString());
  if (interrupted > 0) log?.('info', 'adjustments interrupted mid-send are queued again', { count: interrupted });

  const journal = new Journal({
    store: cache.journal,
    worker: () => cache.workers.current()?.name ?? null,
    retentionDays: () => settings.preferences.journalRetentionDays,
    // The on-hand figures the desk saw are kept as long as its journal.
    pruneWith: onHandHistoryPruner(cache.db),
    ...(log ? { log } : {}),
  });
  for (const line of policyLines(policy)) journal.record(line);
  // Attached before the account is restored: a verdict of an adjustment queued before a restart is journaled too.
  const stopJournalingOutbox = journalOutbox(events, journal, warehouseCode(cache), (entryId) => {
    const t = cache.transfers.ofLeg(entryId);
    if (!t) return null;
    return t.out_id === entryId ? { leg: 'out', to: t.to_warehouse } : { leg: 'in', from: t.from_warehouse };
  });

  const stopJournalingSync = journalSyncFailures(events, journal);

  const demo = demoSandbox(options.dataDir, options.demoSandbox);
  const accounts = new AccountService({
    cache,
    events,
    notices,
    settings,
    secrets: options.secrets,
    syncIntervalMs: options.syncIntervalMs ?? DEFAULT_SYNC_INTERVAL_MS,
    startDemo: options.startDemo ?? (() => demo.start()),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(log ? { log } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const transfers = new TransferService({
    cache,
    account: () => requireSignedIn(accounts.session),
    currentAccount: () => accounts.session ?? null,
    worker: () => cache.workers.current()?.name ?? null,
    warehouseCode: warehouseCode(cache),
    ...(options.now ? { now: options.now } : {}),
  });
  // Every outbox change (an out leg applied) and every sign-in may let a transfer's in leg go.
  const stopAdvancingTransfers = events.attach((event) => {
    if (event === 'outbox.changed' || event === 'account.changed') transfers.advance();
  });

  try {
    await accounts.restore(options.demoByDefault ?? true);
    transfers.advance();
  } catch (error) {
    stopAdvancingTransfers();
    stopJournalingOutbox();
    stopJournalingSync();
    journal.close();
    cache.close();
    throw error;
  }

  const printerSetup = new PrinterSetupStore(options.dataDir, { printers: policy.values.printers, locked: policy.locked.has('printers') });
  const printing = new PrintService({
    db: cache.db,
    setup: printerSetup,
    reads: cache.reads,
    events,
    record: (line) => journal.record(line),
    worker: () => cache.workers.current()?.name ?? null,
    ...(options.now ? { now: options.now } : {}),
    ...(options.printQueueTickMs ? { tickMs: options.printQueueTickMs } : {}),
  });

  let closed = false;
  return {
    ...deskHandlers(
      createHandlers({
        cache,
        events,
        notices,
        settings,
        policy,
        accounts,
        journal,
        save: options.saveFile ?? downloadInstead,
        transfers,
        printer: options.printer ?? null,
        printers: { setup: printerSetup, service: printing },
        dataDir: options.dataDir,
      }),
    ),
    serviceReachable: () => accounts.session?.online ?? false,
    events,
    sandbox: () => demo.current(),
    async close() {
      if (closed) return;
      closed = true;
      await printing.close();
      await accounts.close();
      stopAdvancingTransfers();
      stopJournalingOutbox();
      stopJournalingSync();
      journal.close();
      cache.close();
    },
  };
}

function deskHandlers({ handlers, afterReader }: DeskHandlers): Pick<DeskCore, 'handlers' | 'answeredByReader' | 'followsReader'> {
  return { handlers, answeredByReader: (channel, input, output) => afterReader[channel]?.(input, output), followsReader: Object.keys(afterReader) as Channel[] };
}
