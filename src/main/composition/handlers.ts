import { accountHandlers, type AccountService } from '../account';
import { APP_VERSION } from '../kernel/api';
import { CatalogRecorder } from '../kernel/cache';
import type { FileSaver } from '../kernel/file-saver';
import { requireSignedIn } from '../kernel/ipc/account-guard';
import type { EventHub } from '../kernel/ipc/event-hub';
import type { Handlers } from '../kernel/ipc/router';
import type { NoticeBoard } from '../kernel/notice-board';
import { CountService, countHandlers } from '../counts';
import { journaled, journalHandlers, type Journal } from '../journal';
import { labelHandlers, type LabelPrinter } from '../labels';
import { Outbox, outboxHandlers } from '../outbox';
import { productHandlers } from '../products';
import { LookupService, scanHandlers } from '../scan';
import { settingsHandlers, type SettingsStore } from '../settings';
import { shipmentHandlers } from '../shipments';
import { stockHandlers } from '../stock';
import { syncHandlers } from '../sync';
import { transferHandlers, type TransferService } from '../transfers';
import { UndoService, undoHandlers } from '../undo';
import { workerHandlers } from '../workers';
import type { Cache } from './open-cache';

export interface HandlerContext {
  cache: Cache;
  events: EventHub;
  notices: NoticeBoard;
  settings: SettingsStore;
  accounts: AccountService;
  journal: Journal;
  /** A save dialog in Electron; elsewhere the content goes back to be downloaded. */
  save: FileSaver;
  transfers: TransferService;
  /** The host's print path (Electron, or the harness's headless Chromium); none in plain core tests. */
  printer?: LabelPrinter | null;
}

/**
 * Every channel of the contract, from the capabilities' handler maps. A signed-out desk answers
 * the same way on every channel: reads come from the cache (which holds nothing of anyone once
 * the account is gone), everything else fails with the one `not_signed_in` of the account guard.
 */
export function createHandlers({ cache, events, notices, settings, accounts, journal, save, transfers, printer = null }: HandlerContext): Handlers {
  const signedIn = () => requireSignedIn(accounts.session);
  // Signed out, reads go to these: nothing to ask, nothing to record, no account to act for.
  const closedRecorder = new CatalogRecorder(cache);
  closedRecorder.close();
  const cacheOnlyLookup = new LookupService({ cache, recorder: closedRecorder, events, api: () => null, online: () => false });
  const nobodysOutbox = new Outbox({ cache, recorder: closedRecorder, events, api: () => null, online: () => false, account: () => null });

  const scan = scanHandlers(() => accounts.session?.lookup ?? cacheOnlyLookup);
  const worker = () => cache.workers.current()?.name ?? null;
  const undo = new UndoService({ cache, outbox: () => signedIn().outbox, worker, transferOf: (id) => transfers.legOf(id) });
  const counts = new CountService({ cache, events, worker, account: signedIn, currentAccount: () => accounts.session ?? null });

  return journaled(
    {
      'app.info': () => ({ version: APP_VERSION, demo: accounts.status().mode === 'demo', notices: notices.list() }),
      ...accountHandlers(accounts),
      ...settingsHandlers(settings),
      // A worker's badge is looked for first: one scan puts that worker at the desk.
      'stock.lookup': (input) => {
        const badge = cache.workers.byBadge(input.code.trim());
        if (!badge) return scan['stock.lookup'](input);
        cache.workers.switchTo({ id: badge.id });
        return { kind: 'worker', code: input.code, name: badge.name };
      },
      ...stockHandlers({ cache, adjustments: signedIn, worker, save }),
      ...workerHandlers(cache.workers),
      ...undoHandlers(undo, cache.undos),
      ...transferHandlers(transfers),
      ...countHandlers(counts),
      ...journalHandlers(journal, save),
      ...outboxHandlers(() => accounts.session?.outbox ?? nobodysOutbox),
      ...syncHandlers({ engine: () => signedIn().sync, status: () => accounts.syncStatus() }),
      ...shipmentHandlers(cache, () => accounts.session),
      ...productHandlers(cache, () => accounts.session),
      ...labelHandlers({ reads: cache.reads, printer: () => printer, printOptions: () => settings.preferences.labelPrinter }),
    },
    journal,
    warehouseCode(cache),
  );
}

/** Journal lines name a warehouse by the code on its signs, not by the service's id. */
export function warehouseCode(cache: Cache): (id: string) => string {
  return (id) => cache.reads.warehouses().find((w) => w.id === id)?.code ?? id;
}
