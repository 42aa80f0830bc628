import type Database from 'better-sqlite3';
import { SkuJournalLines } from '../journal';
import { MOVEMENT_DAYS, type SkuMovements } from '../../shared/ipc/movement-records';
import { OnHandHistory } from './on-hand-history';

/** At most this many journal lines of one SKU: a card's list, not an export. */
const MAX_LINES = 200;
const DAY_MS = 86_400_000;

/**
 * `stock.movements`: one SKU's last MOVEMENT_DAYS days at this desk, its journal lines that move
 * stock and the on-hand figures the desk saw change, read in one read transaction (on the reader's
 * connection the core may commit between two statements).
 */
export function skuMovements(db: Database.Database): (sku: string, now: Date) => SkuMovements {
  const lines = new SkuJournalLines(db);
  const history = new OnHandHistory(db);
  return db.transaction((sku: string, now: Date): SkuMovements => {
    const since = new Date(now.getTime() - MOVEMENT_DAYS * DAY_MS).toISOString();
    const { lines: found, capped } = lines.of(sku, since, MAX_LINES);
    return { sku, since, lines: found, linesCapped: capped, onHand: history.of(sku, since) };
  });
}
