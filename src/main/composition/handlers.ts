import { performance } from 'node:perf_hooks';
import { accountChannels, type AccountService } from '../account';
import { Approvals, approvalChannels } from '../approvals';
import { DEFAULT_SUPERVISOR_RULES, type ApproveAction } from '../../shared/ipc/approval-records';
import { appChannels } from '../app';
import { APP_VERSION } from '../kernel/api';
import { CatalogRecorder } from '../kernel/cache';
import type { FileSaver } from '../kernel/file-saver';
import { requireSignedIn } from '../kernel/ipc/account-guard';
import { declaredHandlers, type ReaderFollowUps } from '../kernel/ipc/declare-channels';
import type { EventHub } from '../kernel/ipc/event-hub';
import type { Handlers } from '../kernel/ipc/router';
import type { NoticeBoard } from '../kernel/notice-board';
import { CountService, countChannels } from '../counts';
import { importChannels } from '../imports';
import { journalChannels, type Journal } from '../journal';
import { labelChannels, type LabelPrinter } from '../labels';
import { levelChannels } from '../levels';
import { Outbox, outboxChannels } from '../outbox';
import { printerChannels, type PrinterDeps } from '../printers';
import { productChannels } from '../products';
import { LookupService, workerBadge } from '../scan';
import { policyChannels, policyStatus, type ManagedPolicy } from '../policy';
import { settingsChannels, type SettingsStore } from '../settings';
import { shipmentChannels } from '../shipments';
import { stockChannels } from '../stock';
import { ScannerCheckStore, supportChannels } from '../support';
import { syncChannels } from '../sync';
import { todayChannels } from '../today';
import { transferChannels, type TransferService } from '../transfers';
import { UndoService } from '../undo';
import { warehouseChannels, warehouseCode } from '../warehouses';
import { workerChannels } from '../workers';
import type { Cache } from './open-cache';

export interface HandlerContext {
  cache: Cache;
  events: EventHub;
  notices: NoticeBoard;
  settings: SettingsStore;
  policy: ManagedPolicy;
  accounts: AccountService;
  journal: Journal;
  /** A save dialog in Electron; elsewhere the content goes back to be downloaded. */
  save: FileSaver;
  transfers: TransferService;
  /** The host's print path (Electron, or the harness's headless Chromium); none in plain core tests. */
  printer?: LabelPrinter | null;
  /** The thermal printers (ZPL) and their queue, run by the core. */
  printers: PrinterDeps;
  /** The data folder: the support file reads the log there, and keeps the scanner check's last result. */
  dataDir: string;
}

export interface DeskHandlers {
  handlers: Handlers;
  /** What follows an answer the reader thread gave in the core's place (composition/cache-readers.ts). */
  afterReader: ReaderFollowUps;
}

/**
 * Every channel of the contract, as the capabilities declare them (each with its guard and its
 * journal line, in its own `handlers.ts`); a missing channel is a type error here. A signed-out
 * desk answers the same way on every channel: reads come from the cache (which holds nothing of
 * anyone once the account is gone), everything else fails with the one `not_signed_in` of the
 * account guard.
 */
export function createHandlers({ cache, events, notices, settings, policy, accounts, journal, save, transfers, printer = null, printers, dataDir }: HandlerContext): DeskHandlers {
  const signedIn = () => requireSignedIn(accounts.session);
  // Signed out, reads go to these: nothing to ask, nothing to record, no account to act for.
  const closedRecorder = new CatalogRecorder(cache);
  closedRecorder.close();
  const cacheOnlyLookup = new LookupService({ cache });
  const nobodysOutbox = new Outbox({ cache, recorder: closedRecorder, events, api: () => null, online: () => false, account: () => null });

  const worker = () => cache.workers.current()?.name ?? null;
  const warehouse = warehouseCode(cache);
  const undo = new UndoService({ cache, outbox: () => signedIn().outbox, worker, transferOf: (id) => transfers.legOf(id) });
  const approvals = new Approvals({
    db: cache.db,
    workers: cache.workers,
    rules: () => policy.supervisor ?? DEFAULT_SUPERVISOR_RULES,
    clocks: { now: () => new Date(), monotonic: () => performance.now() },
  });
  const approve: ApproveAction = (action, token) => approvals.gate(action, token);
  const counts = new CountService({ cache, events, worker, account: signedIn, currentAccount: () => accounts.session ?? null });

  return declaredHandlers(
    {
      ...appChannels({ demo: () => accounts.status().mode === 'demo', notices }),
      ...accountChannels(accounts),
      ...settingsChannels(settings, approve),
      ...policyChannels(policy),
      ...stockChannels({
        cache,
        lookup: () => accounts.session?.lookup ?? cacheOnlyLookup,
        badge: workerBadge(cache.workers, () => approvals.pinRequired()),
        adjustments: signedIn,
        worker,
        approve,
        warehouse,
        save,
        enteredAs: (entry, fn) => journal.enteredAs(entry, fn),
      }),
      ...workerChannels(cache.workers, approve, (who, pin) => approvals.proveWorker(who, pin)),
      ...approvalChannels(approvals, {
        warehouse,
        workerName: (id) => cache.workers.state().workers.find((w) => w.id === id)?.name ?? '',
        entry: (id) => cache.outbox.get(id)?.entry,
      }),
      ...levelChannels({ levels: cache.levels, reads: cache.reads, account: () => accounts.session?.accountKey ?? null, warehouse, save }),
      ...importChannels({ levels: cache.levels, reads: cache.reads, sheets: cache.sheets, account: signedIn, counts, worker, warehouse, events }),
      ...transferChannels(transfers, warehouse),
      ...countChannels(counts, warehouse, workerBadge(cache.workers, () => approvals.pinRequired())),
      ...journalChannels(journal, save, () => settings.preferences.deskName),
      ...outboxChannels({ outbox: () => accounts.session?.outbox ?? nobodysOutbox, undo: { undo: (id) => undo.undo(id), linksOf: (ids) => cache.undos.linksOf(ids) }, warehouse, approve }),
      ...syncChannels({ engine: () => signedIn().sync, status: () => accounts.syncStatus() }),
      ...shipmentChannels(cache, () => accounts.session, approve),
      ...productChannels(cache, () => accounts.session),
      ...warehouseChannels(cache),
      ...labelChannels({ reads: cache.reads, printer: () => printer, printOptions: () => settings.preferences.labelPrinter }),
      ...printerChannels(printers),
      ...supportChannels({
        dataDir,
        appVersion: APP_VERSION,
        settings: () => settings.preferences,
        policy: policyStatus(policy),
        account: () => accounts.status(),
        sync: () => accounts.syncStatus(),
        outbox: () => accounts.session?.outbox ?? nobodysOutbox,
        journal,
        scannerCheck: new ScannerCheckStore(dataDir),
        save,
      }),
      ...todayChannels({
        store: cache.today,
        settle: () => journal.flush(),
        outbox: () => {
          const key = accounts.session?.accountKey;
          return key === undefined ? null : { ...cache.outbox.counts(key), toCheck: cache.toCheck.count(key) };
        },
      }),
    },
    (line) => journal.record(line),
  );
}
