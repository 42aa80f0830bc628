import type { Notice } from '../../shared/ipc/records';
import type { CacheRecovery } from './open-cache';

/** SKUs named in a notice, at most this many, then "…". */
const SKUS_NAMED = 6;

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many.replace('#', String(n)));

/**
 * The `cache_rebuilt` notice: what was kept and goes on as before, what the worker must look at.
 * Each sentence only when it is true of this rebuild. The English is for the log and support; the
 * screens word it from the params (renderer `shell/notice-text.ts`).
 */
export function cacheRebuiltNotice(recovery: CacheRecovery): { message: string; params: NonNullable<Notice['params']> } {
  const { movedTo, outbox, transfers, counts, held } = recovery;
  const attention = held.filter((h) => h.needsWorker);
  const settled = held.length - attention.length;
  const skus = [...new Set(attention.map((h) => h.sku))];
  const skuList = skus.length > SKUS_NAMED ? `${skus.slice(0, SKUS_NAMED).join(', ')}, …` : skus.join(', ');
  const sentences = [
    'The offline cache was damaged and has been rebuilt; it refills from the service.',
    outbox.problem === null
      ? plural(outbox.waiting, '1 adjustment still waiting in it will be sent as before, once.', '# adjustments still waiting in it will be sent as before, once each.')
      : 'Adjustments and moves between warehouses still waiting in it could not be recovered: check the stock of recent adjustments and moves.',
    `The damaged file was kept as ${movedTo}.`,
    transfers.unfinished > 0 && plural(transfers.unfinished, '1 move between warehouses not yet finished goes on as before.', '# moves between warehouses not yet finished go on as before.'),
    counts.open > 0 && 'The count in progress was kept: carry on counting.',
    counts.toReview > 0 &&
      plural(counts.toReview, '1 line of it whose adjustment could not be recovered goes back to review: accept it and submit again.', '# lines of it whose adjustments could not be recovered go back to review: accept them and submit again.'),
    counts.problem !== null && 'If a count was in progress, it could not be recovered: start it again.',
    attention.length > 0 &&
      plural(
        attention.length,
        `1 change could not be checked against the move between warehouses or the undo it belongs to, so the desk will neither send nor undo it: check the stock of ${skuList} and correct it by hand. It stays in the Outbox, under “To check by hand”, until you mark it checked.`,
        `# changes could not be checked against the moves between warehouses or the undos they belong to, so the desk will neither send nor undo them: check the stock of ${skuList} and correct it by hand. They stay in the Outbox, under “To check by hand”, until you mark them checked.`,
      ),
    settled > 0 &&
      plural(
        settled,
        '1 earlier change, already settled, could not be checked against its move or undo: it is no longer listed and cannot be undone at this desk.',
        '# earlier changes, already settled, could not be checked against their moves or undos: they are no longer listed and cannot be undone at this desk.',
      ),
  ];
  const params: NonNullable<Notice['params']> = {
    movedTo,
    ...(outbox.problem === null ? { waiting: outbox.waiting } : { problem: outbox.problem }),
    ...(transfers.unfinished > 0 ? { moves: transfers.unfinished } : {}),
    ...(counts.open > 0 ? { countKept: counts.open } : {}),
    ...(counts.toReview > 0 ? { countReview: counts.toReview } : {}),
    ...(counts.problem !== null ? { countLost: 1 } : {}),
    ...(attention.length > 0 ? { attention: attention.length, attentionSkus: skuList } : {}),
    ...(settled > 0 ? { settled } : {}),
  };
  return { message: sentences.filter((s): s is string => typeof s === 'string').join(' '), params };
}
