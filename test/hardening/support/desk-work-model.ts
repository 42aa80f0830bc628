// What the worker at the desk was told, and so what the service must hold in the end: the model
// of the desk-work property test (desk-work-property.test.ts). Every stock figure here is the
// physical shelf's: a change is in it from the moment the desk said it was booked (an adjustment
// saved, a transfer made: the goods moved then), whatever the service has heard of it yet.

/** One SKU at one warehouse. */
export const pairOf = (sku: string, warehouseId: string): string => `${sku}@${warehouseId}`;

/** An adjustment the desk said it booked: typed by the worker, or a count's correction. */
export interface BookedAdjustment {
  entryId: string;
  pair: string;
  delta: number;
  kind: 'adjust' | 'count';
  /** withdrawn: the undo took it back before it was sent; undone: a reversal was booked. */
  state: 'booked' | 'withdrawn' | 'undone';
}

export interface BookedTransfer {
  id: string;
  sku: string;
  from: string;
  to: string;
  quantity: number;
  state: 'booked' | 'undone';
}

export interface CountLineModel {
  sku: string;
  /** What the shelf holds: the model's expected stock when counted, plus what nobody had booked. */
  truth: number;
  /** The model's expected stock when counted (the pair is frozen until the line is submitted). */
  expectedAtCount: number;
  /** The worker's typed count was saved. */
  set: boolean;
  submitted: boolean;
}

export interface CountModel {
  id: string;
  warehouseId: string;
  lines: Map<string, CountLineModel>;
}

export class DeskWorkModel {
  /** The shelf's stock per pair, as the service must hold it once everything is sent. */
  readonly expected = new Map<string, number>();
  readonly adjustments: BookedAdjustment[] = [];
  readonly transfers: BookedTransfer[] = [];
  /** Reversals the undo of an applied adjustment booked (never undone themselves). */
  readonly reversals: string[] = [];
  /** Idempotency keys of changes another desk made at the service. */
  readonly outsideKeys = new Set<string>();
  count: CountModel | null = null;

  stock(pair: string): number {
    const value = this.expected.get(pair);
    if (value === undefined) throw new Error(`the model does not know ${pair}`);
    return value;
  }

  change(pair: string, delta: number): void {
    this.expected.set(pair, this.stock(pair) + delta);
  }

  /**
   * A pair counted in the open count is frozen until its line is submitted: nobody books a change
   * of it meanwhile (a stock-take freezes its zone), so the count's correction is well defined.
   * Changes booked before the count, still on their way to the service, are in the shelf's truth.
   */
  frozen(pair: string): boolean {
    if (!this.count) return false;
    for (const line of this.count.lines.values()) if (!line.submitted && pairOf(line.sku, this.count.warehouseId) === pair) return true;
    return false;
  }

  /** What may still be undone: adjustments and count corrections booked, transfers booked. */
  undoable(): Array<{ adjustment: BookedAdjustment } | { transfer: BookedTransfer }> {
    const out: Array<{ adjustment: BookedAdjustment } | { transfer: BookedTransfer }> = [];
    for (const a of this.adjustments) if (a.state === 'booked' && !this.frozen(a.pair)) out.push({ adjustment: a });
    for (const t of this.transfers) if (t.state === 'booked' && !this.frozen(pairOf(t.sku, t.from)) && !this.frozen(pairOf(t.sku, t.to))) out.push({ transfer: t });
    return out;
  }
}
