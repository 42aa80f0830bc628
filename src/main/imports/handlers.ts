import type { CountService } from '../counts';
import type { CatalogCache } from '../kernel/cache';
import type { EventHub } from '../kernel/ipc/event-hub';
import { details, failed, type DeclaredChannels, type WarehouseLabel } from '../journal';
import type { LevelStore } from '../levels';
import { failure } from '../../shared/ipc/result';
import { importAdjustments, type ImportAccount } from './adjustment-import';
import { planCountList } from './count-sheet';
import { planLevels } from './level-sheet';
import { sheetOf } from './sheet';
import type { SheetStore } from './sheet-store';

export interface ImportHandlerDeps {
  levels: LevelStore;
  reads: CatalogCache['reads'];
  sheets: SheetStore;
  /** Throws `not_signed_in` signed out. */
  account: () => ImportAccount;
  counts: Pick<CountService, 'start'>;
  worker: () => string | null;
  warehouse: WarehouseLabel;
  events: EventHub;
}

type ImportChannel = 'imports.levels' | 'imports.adjustments' | 'imports.countList';

/**
 * Sheets in. Each channel reads its sheet: with `apply: false` it only says what each line would
 * do; with `apply: true` it applies every line that can be, all in one go, and none when the
 * sheet lacks a column it needs. Lines with a problem are never applied. A long sheet reports its
 * progress as `imports.progress` events while the core's thread works through it (the window's
 * progress bar; the call itself is answered once, whole).
 */
export function importChannels({ levels, reads, sheets, account, counts, worker, warehouse, events }: ImportHandlerDeps): DeclaredChannels<ImportChannel> {
  const failedLine = (kind: 'levels' | 'adjust' | 'count', what: 'minimums_imported' | 'adjustments_imported' | 'count_list_imported', file: string, thrown: unknown) => {
    const { error, requestId } = failed(thrown);
    return { kind, code: null, sku: null, details: details(what, { file }, error), outcome: 'failed' as const, requestId };
  };
  return {
    'imports.levels': {
      handle: ({ text, apply }) => {
        const { levels: ready, ...plan } = planLevels(sheetOf(text), reads);
        const applied = apply && plan.missingColumns.length === 0 ? levels.setAll(ready) : 0;
        return { ...plan, applied };
      },
      // A preview changes nothing and is not a line; a sheet applied is, with what it left out.
      journal: ({ name, apply }, outcome) =>
        apply ? { kind: 'levels', code: null, sku: null, details: details('minimums_imported', { file: name, applied: outcome.applied, problems: outcome.problems.length }), outcome: 'done', requestId: null } : null,
      // A sheet the desk cannot read is a line even as a preview: the worker tried to bring it in.
      journalFailure: ({ name }, thrown) => failedLine('levels', 'minimums_imported', name, thrown),
    },
    'imports.adjustments': {
      handle: (input) => importAdjustments({ reads, sheets, account, worker, progress: (p) => events.emit('imports.progress', p) }, input),
      journal: ({ name, apply }, o) =>
        apply
          ? {
              kind: 'adjust',
              code: null,
              sku: null,
              details: details('adjustments_imported', { file: name, queued: o.applied, unchanged: o.unchanged, problems: o.problems.length }),
              outcome: o.applied > 0 ? 'queued' : 'done',
              requestId: null,
            }
          : null,
      // A refused apply (the same sheet again, signed out, a file that is no sheet) is a line.
      journalFailure: ({ name }, thrown) => failedLine('adjust', 'adjustments_imported', name, thrown),
    },
    'imports.countList': {
      handle: ({ text, apply, warehouseId }) => {
        account(); // a count is the account's: signed out, even the preview is refused as every count channel is
        const plan = planCountList(sheetOf(text), reads, warehouseId);
        if (!apply || plan.missingColumns.length > 0 || plan.ready === 0) return { ...plan, applied: 0, session: null };
        if (plan.warehouseId === null) throw failure('invalid_argument', 'Choose the warehouse to count in.', { reason: 'unknown_warehouse', details: [{ field: 'warehouseId', problem: 'is required when the sheet names none' }] });
        const session = counts.start({ warehouseId: plan.warehouseId, zone: plan.skus });
        return { ...plan, applied: plan.ready, session };
      },
      journal: ({ name, apply }, o) =>
        apply && o.session
          ? {
              kind: 'count',
              code: null,
              sku: null,
              details: details('count_list_imported', { file: name, count: o.session.id, warehouse: warehouse(o.session.warehouseId), skus: o.applied, problems: o.problems.length }),
              outcome: 'done',
              requestId: null,
            }
          : null,
      journalFailure: ({ name }, thrown) => failedLine('count', 'count_list_imported', name, thrown),
    },
  };
}
