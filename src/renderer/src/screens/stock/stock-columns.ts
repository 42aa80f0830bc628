// What the stock table shows: its columns (which sort, how wide), which give way when the list is
// narrow, and the exact time a row's age stands for.
import { m } from '../../i18n/messages';
import type { StockSortKey } from './stock-pages.svelte';

export type ColumnId = 'mark' | 'sku' | 'name' | 'onHand' | 'reserved' | 'available' | 'changed' | 'confirmed';
export type StockColumn = { id: ColumnId; key: StockSortKey | null; label: () => string; className: string; numeric?: boolean };

const COLUMNS: StockColumn[] = [
  { id: 'sku', key: 'sku', label: m.col_sku, className: 'c-sku' },
  { id: 'name', key: 'name', label: m.col_name, className: 'c-name' },
  { id: 'onHand', key: 'onHand', label: m.levels_on_hand, className: 'c-num c-onhand', numeric: true },
  { id: 'reserved', key: null, label: m.levels_reserved, className: 'c-num', numeric: true },
  { id: 'available', key: 'available', label: m.levels_available, className: 'c-num', numeric: true },
  { id: 'changed', key: 'updatedAt', label: m.col_changed, className: 'c-age' },
  { id: 'confirmed', key: null, label: m.col_checked, className: 'c-age' },
  // Last, so the SKU stays the row's first cell (what a screen reader reads first).
  { id: 'mark', key: null, label: m.col_label, className: 'c-mark' },
];

/** Which age columns fit a list this wide (0: not measured yet, so all of them). */
export function columnsFor(listWidth: number): { showChanged: boolean; showChecked: boolean; columns: StockColumn[] } {
  // Narrow (e.g. the detail panel open at 1280 px): "Changed" gives way so names stay readable.
  const showChanged = !(listWidth > 0 && listWidth < 900);
  // Narrower still (the detail open beside it): "Checked" gives way too.
  const showChecked = !(listWidth > 0 && listWidth < 860);
  const columns = COLUMNS.filter((c) => (c.id !== 'changed' || showChanged) && (c.id !== 'confirmed' || showChecked));
  return { showChanged, showChecked, columns };
}

const pad = (n: number): string => String(n).padStart(2, '0');
/** "2026-03-14 14:32" local, for a row's tooltip: plain getters, cheap enough for every row of every frame. */
export function exactTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
