import { openCatalogCache, type CatalogCache, type CatalogCacheOptions, type DamagedFile } from '../kernel/cache';
import { CountStore } from '../counts';
import { SheetStore } from '../imports';
import { JournalStore } from '../journal';
import { LevelStore } from '../levels';
import { OutboxStore, ToCheckStore } from '../outbox';
import { StockSearch } from '../stock';
import { SyncStateStore } from '../sync';
import { TodayStore } from '../today';
import { TransferStore } from '../transfers';
import { UndoStore } from '../undo';
import { WorkerStore } from '../workers';
import { salvageCache, type CacheSalvage } from './cache-salvage';

/** The damaged file's own work of the desk (outbox, transfers, undo links, counts, minimum levels), taken over where it could be trusted. */
export interface CacheRecovery extends DamagedFile, CacheSalvage {}

/** The whole cache file: the kernel's catalog plus the tables each capability keeps in it. */
export interface Cache extends CatalogCache {
  readonly search: StockSearch;
  readonly syncState: SyncStateStore;
  readonly outbox: OutboxStore;
  readonly toCheck: ToCheckStore;
  readonly workers: WorkerStore;
  readonly journal: JournalStore;
  readonly undos: UndoStore;
  readonly transfers: TransferStore;
  readonly counts: CountStore;
  readonly levels: LevelStore;
  /** Sheets of adjustments applied, by their content's hash. */
  readonly sheets: SheetStore;
  readonly today: TodayStore;
  /** Set when the file was damaged and rebuilt on open. */
  readonly recovery: CacheRecovery | null;
}

export function openCache(dataDir: string, options: CatalogCacheOptions = {}): Cache {
  const { cache, damaged } = openCatalogCache(dataDir, options);
  // Before anything else writes to the new file: what waited to be sent must not be lost.
  const recovery = damaged ? { ...damaged, ...salvageCache(damaged.movedTo, cache.db) } : null;
  return {
    ...cache,
    search: new StockSearch(cache.db, () => cache.writes.keysGeneration),
    syncState: new SyncStateStore(cache.db),
    outbox: new OutboxStore(cache.db),
    toCheck: new ToCheckStore(cache.db),
    workers: new WorkerStore(cache.db),
    journal: new JournalStore(cache.db),
    undos: new UndoStore(cache.db),
    transfers: new TransferStore(cache.db),
    counts: new CountStore(cache.db),
    levels: new LevelStore(cache.db),
    sheets: new SheetStore(cache.db),
    today: new TodayStore(cache.db),
    recovery,
  };
}

export { CACHE_FILE } from '../kernel/cache';
