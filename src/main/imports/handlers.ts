import type { CatalogCache } from '../kernel/cache';
import { details, failed, type DeclaredChannels } from '../journal';
import type { LevelStore } from '../levels';
import { failure } from '../../shared/ipc/result';
import { planLevels } from './level-sheet';
import { readSheet, type Sheet } from './sheet';

export interface ImportHandlerDeps {
  levels: LevelStore;
  reads: CatalogCache['reads'];
}

function sheetOf(text: string): Sheet {
  try {
    return readSheet(text);
  } catch (error) {
    // csv-parse names the line of an unclosed quote or a stray one.
    throw failure('invalid_argument', 'The file is not a sheet the desk can read.', { reason: 'bad_sheet', params: { why: (error instanceof Error ? error.message : String(error)).slice(0, 300) } });
  }
}

/**
 * Sheets in. `imports.levels` reads a sheet of minimums: with `apply: false` it only says what
 * each line would do; with `apply: true` it sets every line that can be, in one transaction, and
 * none when the sheet lacks a column it needs. Lines with a problem are never applied.
 */
export function importChannels({ levels, reads }: ImportHandlerDeps): DeclaredChannels<'imports.levels'> {
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
      journalFailure: ({ name }, thrown) => {
        const { error, requestId } = failed(thrown);
        return { kind: 'levels', code: null, sku: null, details: details('minimums_imported', { file: name, applied: 0, problems: 0 }, error), outcome: 'failed', requestId };
      },
    },
  };
}
