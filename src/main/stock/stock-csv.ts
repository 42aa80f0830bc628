import type { CsvColumn } from '../kernel/csv-file';
import type { StockExportInput } from '../../shared/ipc/desk-work-records';
import type { StockRow } from '../../shared/ipc/records';
import type { StockSearch } from './stock-search';

const PAGE = 2_000;

export const STOCK_COLUMNS: readonly CsvColumn<StockRow>[] = [
  { header: 'sku', value: (r) => r.sku },
  { header: 'name', value: (r) => r.name },
  { header: 'on hand', value: (r) => r.onHand },
  { header: 'reserved', value: (r) => r.reserved },
  { header: 'available', value: (r) => r.available },
  { header: 'updated (UTC)', value: (r) => r.updatedAt },
  { header: 'cached as of (UTC)', value: (r) => r.confirmedAt },
];

/** Every row of the stock list as shown (its filter, warehouse and order), page by page. */
export function* stockRows(search: StockSearch, input: StockExportInput): Generator<StockRow> {
  for (let offset = 0; ; offset += PAGE) {
    const { rows } = search.search({ ...input, offset, limit: PAGE });
    yield* rows;
    if (rows.length < PAGE) return;
  }
}
