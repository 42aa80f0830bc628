import type { StockLevelSetting } from '../../../../shared/ipc/level-records';
import { call } from '../../state/desk';

/** The minimums of the SKU on the answer card: read for each SKU scanned, replaced when the worker sets one. */
export class SkuMinimums {
  levels = $state<StockLevelSetting[]>([]);
  #sku: string | null = null;

  /** A failed read shows no minimum rather than a wrong one. */
  load(sku: string): void {
    this.#sku = sku;
    this.levels = [];
    void call((d) => d.levels.of({ sku })).then((r) => {
      if (this.#sku === sku) this.levels = r.ok ? r.value : [];
    });
  }
}
