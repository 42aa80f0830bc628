import type { CatalogCache } from '../kernel/cache';
import { toCsv, type CsvColumn } from '../kernel/csv-file';
import type { FileSaver } from '../kernel/file-saver';
import { details, exportLine, failed, type DeclaredChannels, type JournalLine, type WarehouseLabel } from '../journal';
import type { LevelKey, LowStockRow } from '../../shared/ipc/level-records';
import type { JournalWhat } from '../../shared/ipc/desk-work-records';
import { failure } from '../../shared/ipc/result';
import type { LevelStore } from './level-store';

export interface LevelHandlerDeps {
  levels: LevelStore;
  reads: CatalogCache['reads'];
  /** The signed-in account, whose waiting adjustments count; null signed out. */
  account: () => string | null;
  warehouse: WarehouseLabel;
  save: FileSaver;
  now?: () => Date;
}

function lowColumns(warehouse: WarehouseLabel): readonly CsvColumn<LowStockRow>[] {
  return [
    { header: 'sku', value: (r) => r.sku },
    { header: 'name', value: (r) => r.name },
    { header: 'warehouse', value: (r) => (r.warehouseId === null ? 'all' : warehouse(r.warehouseId)) },
    { header: 'minimum', value: (r) => r.minimum },
    { header: 'reorder quantity', value: (r) => r.reorder },
    { header: 'on hand', value: (r) => r.onHand },
    { header: 'waiting to send', value: (r) => r.waiting },
    { header: 'short', value: (r) => r.short },
    { header: 'to reorder', value: (r) => r.toReorder },
  ];
}

/** A minimum's journal line: the desk's own record, so who set it and when is only here. */
function levelLine(key: LevelKey, warehouse: WarehouseLabel, what: JournalWhat['what'], params: JournalWhat['params'], thrown?: unknown): JournalLine {
  const where = { warehouse: key.warehouseId === null ? '' : warehouse(key.warehouseId), ...params };
  if (thrown === undefined) return { kind: 'levels', code: null, sku: key.sku, details: details(what, where), outcome: 'done', requestId: null };
  const { error, requestId } = failed(thrown);
  return { kind: 'levels', code: null, sku: key.sku, details: details(what, where, error), outcome: 'failed', requestId };
}

/** Minimums and reorder quantities are the desk's own records: they answer signed in or out, like the workers. */
export function levelChannels({ levels, reads, account, warehouse, save, now = () => new Date() }: LevelHandlerDeps): DeclaredChannels<'levels.of' | 'levels.set' | 'levels.clear' | 'levels.low' | 'levels.export'> {
  return {
    'levels.of': { handle: ({ sku }) => levels.of(sku) },
    'levels.set': {
      handle: (input) => {
        // Checked only against warehouses the cache holds: before a first sync there is nothing to check against.
        if (input.warehouseId !== null && reads.warehouses().length > 0 && !reads.hasWarehouse(input.warehouseId)) {
          throw failure('invalid_argument', 'There is no such warehouse.', { reason: 'unknown_warehouse', details: [{ field: 'warehouseId', problem: 'is not one of the warehouses' }] });
        }
        return levels.set(input);
      },
      journal: (input) => levelLine(input, warehouse, 'minimum_set', { minimum: input.minimum, reorder: input.reorder ?? '' }),
      journalFailure: (input, thrown) => levelLine(input, warehouse, 'minimum_set', { minimum: input.minimum, reorder: input.reorder ?? '' }, thrown),
    },
    'levels.clear': {
      handle: (input) => levels.clear(input),
      journal: (input) => levelLine(input, warehouse, 'minimum_cleared', {}),
    },
    'levels.low': { handle: (input) => levels.low(input ?? {}, account()) },
    'levels.export': {
      handle: (input) => {
        const { content, rows } = toCsv(lowColumns(warehouse), levels.low(input ?? {}, account()).rows);
        const where = input?.warehouseId ? `-${input.warehouseId}` : '';
        return save(`low-stock${where}-${now().toISOString().slice(0, 10)}.csv`, content, rows);
      },
      journal: (_input, file) => exportLine('low_stock', file),
    },
  };
}
