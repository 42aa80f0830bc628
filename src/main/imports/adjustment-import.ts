import { createHash } from 'node:crypto';
import type { CatalogCache } from '../kernel/cache';
import type { Outbox } from '../outbox';
import { signNote } from '../workers';
import type { AdjustmentSheetOutcome, SheetInput, SheetProgress } from '../../shared/ipc/import-records';
import { failure } from '../../shared/ipc/result';
import { expectedOnHand, planAdjustments, PROGRESS_EVERY, stockKey, type StockNow } from './adjustment-sheet';
import { sheetOf } from './sheet';
import type { SheetStore } from './sheet-store';

/** The signed-in account's part a sheet of adjustments needs. */
export interface ImportAccount {
  readonly accountKey: string;
  readonly outbox: Pick<Outbox, 'enqueue' | 'transaction'>;
}

export interface AdjustmentImportDeps {
  reads: CatalogCache['reads'];
  sheets: SheetStore;
  /** Throws `not_signed_in` signed out. */
  account: () => ImportAccount;
  worker: () => string | null;
  progress: (p: SheetProgress) => void;
  now?: () => Date;
}

const NOTE_ROOM = 500;

/** The entry's note: the sheet and its line first (what the Outbox and the journal show), then the line's own note. */
function noteOf(name: string, line: number, note: string, worker: string | null): string | undefined {
  const text = `Sheet ${name}, line ${line}${note === '' ? '' : `: ${note}`}`;
  return signNote(text.slice(0, NOTE_ROOM), worker);
}

/**
 * A sheet of adjustments: previewed line by line, or applied, every ready line queued into the
 * outbox in ONE durable transaction together with the sheet's record (its content's hash): all
 * the entries and the record, or nothing, whatever stops it half-way. The outbox sends them only
 * after the commit, each once with its own key, through its usual loop. The same file again is
 * refused: its preview says when it was applied.
 *
 * A counted line's change is worked out again inside the transaction, from what the desk knows
 * then, and queued as a count (the outbox checks it against the service's on hand before it is
 * sent, and holds it for the worker if the stock moved meanwhile); one that has nothing left to
 * change is left out and counted as unchanged.
 */
export function importAdjustments(deps: AdjustmentImportDeps, { name, text, apply }: SheetInput): AdjustmentSheetOutcome {
  const account = deps.account();
  const hash = createHash('sha256').update(text).digest('hex');
  const sheet = sheetOf(text);
  const report = (step: SheetProgress['step'], total: number) => (done: number) => deps.progress({ name, step, done, total });
  const plan = planAdjustments(sheet, stockNow(deps, account), report('checking', sheet.lines.length));
  const alreadyApplied = deps.sheets.applied(account.accountKey, hash);
  if (!apply || plan.missingColumns.length > 0 || plan.ready === 0) return { ...plan, alreadyApplied, applied: 0, unchanged: 0 };
  const refuse = (before: NonNullable<typeof alreadyApplied>) =>
    failure('sheet_already_applied', `This sheet was applied already on ${before.at} (${before.name}).`, { params: { at: before.at, file: before.name } });
  if (alreadyApplied) throw refuse(alreadyApplied);
  const worker = deps.worker();
  const progress = report('applying', plan.adjustments.length);
  return account.outbox.transaction(() => {
    // Checked again inside: two applies of one sheet racing each other book it once.
    const before = deps.sheets.applied(account.accountKey, hash);
    if (before) throw refuse(before);
    const now = stockNow(deps, account);
    const planned = new Map<string, number>();
    let applied = 0;
    let unchanged = 0;
    plan.adjustments.forEach((a, i) => {
      if (i % PROGRESS_EVERY === 0) progress(i);
      const onHand = expectedOnHand(now, planned, a.sku, a.warehouseId);
      const delta = a.mode === 'change' ? a.quantity : a.quantity - onHand;
      if (delta === 0) {
        unchanged++;
        return;
      }
      const key = stockKey(a.sku, a.warehouseId);
      planned.set(key, (planned.get(key) ?? 0) + delta);
      const note = noteOf(name, a.line, a.note, worker);
      account.outbox.enqueue({
        sku: a.sku,
        warehouseId: a.warehouseId,
        delta,
        reason: a.reason,
        ...(note !== undefined ? { note } : {}),
        ...(a.mode === 'counted' ? { count: { counted: a.quantity, onHand } } : {}),
      });
      applied++;
    });
    progress(plan.adjustments.length);
    deps.sheets.record(account.accountKey, hash, { name, entries: applied, at: (deps.now?.() ?? new Date()).toISOString() });
    return { ...plan, alreadyApplied: null, applied, unchanged };
  });
}

function stockNow(deps: AdjustmentImportDeps, account: ImportAccount): StockNow {
  const waiting = new Map<string, number>();
  for (const w of deps.sheets.waiting(account.accountKey)) waiting.set(stockKey(w.sku, w.warehouseId), w.delta);
  return { reads: deps.reads, waiting };
}
