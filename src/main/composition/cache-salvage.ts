import type Database from 'better-sqlite3';
import { durably, readDamagedFile, type TableRead } from '../kernel/cache';
import { copyCounts, readCounts } from '../counts';
import { copySheets, readSheets, type SalvagedSheet } from '../imports';
import { copyLevels, readLevels, type SalvagedLevel } from '../levels';
import { copyOutbox, copyToCheck, entryWaiting, readOutbox, readToCheck, withdrawCopied, type OutboxSalvage, type SalvagedEntry } from '../outbox';
import { copyTransfers, legNamedInNote, readTransfers, transfersToKeep, type TransferRow } from '../transfers';
import { copyUndoLinks, readUndoLinks, undoNamedInNote, type SalvagedUndoLink } from '../undo';

/** An entry of the damaged outbox left out because what it belongs to could not be vouched for. */
export interface HeldEntry {
  id: string;
  account: string;
  sku: string;
  warehouseId: string;
  delta: number;
  state: string;
  /** A leg of a transfer that could not be kept, or an adjustment whose undo link could not be. */
  why: 'transfer' | 'undo';
  /**
   * The worker must look at it: it had not been sent (it is not sent now), or it is the out leg
   * of a move whose in leg was never queued (the stock left the source and was booked nowhere).
   * The others were settled at the service and only cannot be undone at this desk. Those the
   * worker must look at are listed in the Outbox until the worker marks them checked.
   */
  needsWorker: boolean;
  createdAt: string;
}

/** What a rebuilt cache took over from the damaged file, and what it left for the worker. */
export interface CacheSalvage {
  /** Adjustments kept (`copied`), those of them still to be sent (`waiting`). */
  outbox: OutboxSalvage;
  /** Transfers kept; `unfinished` of them still move stock (their in leg not yet applied). */
  transfers: { kept: number; unfinished: number; problem: string | null };
  undoLinks: { kept: number; problem: string | null };
  /** `open`: counts in progress kept; `toReview`: their lines whose adjustment could not be kept, to be submitted again. */
  counts: { open: number; toReview: number; problem: string | null };
  /** Minimum and reorder quantities kept: the desk's own, the service cannot give them back. */
  levels: { kept: number; problem: string | null };
  held: HeldEntry[];
}

const problemOf = (read: TableRead<unknown>): string | null => (read.status === 'damaged' ? read.problem : null);
const rowsOf = <Row>(read: TableRead<Row>): Row[] => (read.status === 'read' ? read.rows : []);

interface Reads {
  outbox: TableRead<SalvagedEntry>;
  transfers: TableRead<TransferRow>;
  links: TableRead<SalvagedUndoLink>;
  counts: ReturnType<typeof readCounts>;
  levels: TableRead<SalvagedLevel>;
  sheets: TableRead<SalvagedSheet>;
  toCheck: TableRead<Record<string, unknown>>;
}

/**
 * Takes over into the new cache what the damaged file held of the desk's own work: the outbox,
 * transfers, undo links, counts and minimum levels, read in one read transaction, each table only if it passes
 * the integrity check, and each row only if what it names was kept too: a transfer with all its
 * legs, an undo link with both its entries, a count line with its session (and its adjustment,
 * or it goes back to review). What cannot be vouched for is not taken over, so it is neither sent
 * nor undone: a leg whose transfer is lost (known by the words on it when the transfers table is
 * unreadable), an adjustment whose undo link is lost (every settled one and every undo, when the
 * links are unreadable). The caller tells the worker about those; those the worker must check
 * (`needsWorker`) are kept in the Outbox's list of changes to check, written in the same
 * transaction, after those the damaged file still listed.
 */
export function salvageCache(damagedFile: string, into: Database.Database, heldAt = new Date()): CacheSalvage {
  const read = readDamagedFile(damagedFile, (reader): Reads => ({
    outbox: readOutbox(reader, into),
    transfers: readTransfers(reader, into),
    links: readUndoLinks(reader, into),
    counts: readCounts(reader, into),
    levels: readLevels(reader, into),
    sheets: readSheets(reader, into),
    toCheck: readToCheck(reader, into),
  }));
  const reads: Reads =
    'value' in read ? read.value : { outbox: lost(read.problem), transfers: lost(read.problem), links: lost(read.problem), counts: lost(read.problem), levels: lost(read.problem), sheets: lost(read.problem), toCheck: lost(read.problem) };
  return durably(into, () => into.transaction(() => copyAll(into, reads, heldAt.toISOString()))());
}

const lost = (problem: string) => ({ status: 'damaged', problem }) as const;

function copyAll(into: Database.Database, reads: Reads, heldAt: string): CacheSalvage {
  const entries = rowsOf(reads.outbox);
  const copied = copyOutbox(into, entries);
  const refusedTransfers = new Set<string>();
  const refusedLinks = new Set<string>();
  // A row the new tables refuse leaves what it names unvouched for: planned again without it.
  for (;;) {
    const plan = planKeep(entries, copied, reads, refusedTransfers, refusedLinks);
    into.exec('SAVEPOINT salvage_links');
    const transfersRefused = copyTransfers(into, plan.transfers);
    const linksRefused = transfersRefused.length === 0 ? copyUndoLinks(into, plan.links) : [];
    if (transfersRefused.length > 0 || linksRefused.length > 0) {
      into.exec('ROLLBACK TO salvage_links');
      into.exec('RELEASE salvage_links');
      for (const id of transfersRefused) refusedTransfers.add(id);
      for (const link of linksRefused) refusedLinks.add(link.undo_id);
      continue;
    }
    into.exec('RELEASE salvage_links');
    withdrawCopied(into, plan.held.keys());
    const kept = (id: string): boolean => copied.has(id) && !plan.held.has(id);
    const counts = reads.counts.status === 'read' ? copyCounts(into, reads.counts.rows[0]!, kept) : { open: 0, toReview: 0 };
    const byId = new Map(entries.map((e) => [e.id, e]));
    const keptEntries = entries.filter((e) => kept(e.id));
    const held = [...plan.held].map(([id, why]) => heldEntry(byId.get(id)!, why, entries, reads.transfers));
    copyToCheck(into, rowsOf(reads.toCheck), held.filter((h) => h.needsWorker).map((h) => ({ ...h, heldAt })));
    // The sheets applied, so that none is booked again; unreadable, a sheet could be (the worker is told the outbox's losses).
    copySheets(into, rowsOf(reads.sheets));
    return {
      outbox: { copied: keptEntries.length, waiting: keptEntries.filter(entryWaiting).length, problem: problemOf(reads.outbox) },
      transfers: {
        kept: plan.transfers.length,
        unfinished: plan.transfers.filter((t) => t.undone_at === null && moving(byId.get(t.out_id)) && byId.get(t.in_id ?? '')?.state !== 'applied').length,
        problem: problemOf(reads.transfers),
      },
      undoLinks: { kept: plan.links.length, problem: problemOf(reads.links) },
      counts: { ...counts, problem: problemOf(reads.counts) },
      levels: { kept: copyLevels(into, rowsOf(reads.levels)), problem: problemOf(reads.levels) },
      held,
    };
  }
}

/** An out leg that moved stock or may still: not refused, not withdrawn. */
const moving = (out: SalvagedEntry | undefined): boolean => out !== undefined && out.state !== 'rejected' && out.state !== 'discarded';

interface Plan {
  held: Map<string, HeldEntry['why']>;
  transfers: TransferRow[];
  links: SalvagedUndoLink[];
}

function planKeep(entries: readonly SalvagedEntry[], copied: ReadonlySet<string>, reads: Reads, refusedTransfers: ReadonlySet<string>, refusedLinks: ReadonlySet<string>): Plan {
  const held = new Map<string, HeldEntry['why']>();
  const kept = (id: string): boolean => copied.has(id) && !held.has(id);
  const hold = (id: string, why: HeldEntry['why']): boolean => {
    if (!kept(id)) return false;
    held.set(id, why);
    return true;
  };
  const transferRows = rowsOf(reads.transfers).filter((t) => !refusedTransfers.has(t.id));
  const linkRows = rowsOf(reads.links).filter((l) => !refusedLinks.has(l.undo_id));
  const legs = new Set(rowsOf(reads.transfers).flatMap((t) => (t.in_id ? [t.out_id, t.in_id] : [t.out_id])));
  if (reads.transfers.status === 'damaged') for (const e of entries) if (legNamedInNote(e.note)) hold(e.id, 'transfer');
  // Without the links, any settled adjustment may have been undone already, and any undo would
  // be undone alone; a transfer's legs are guarded by the transfer itself.
  if (reads.links.status === 'damaged') for (const e of entries) if ((e.state === 'applied' && !legs.has(e.id)) || undoNamedInNote(e.note)) hold(e.id, 'undo');
  for (;;) {
    let changed = false;
    const transfers = transfersToKeep(transferRows, kept);
    const keptTransfers = new Set(transfers.map((t) => t.id));
    for (const t of rowsOf(reads.transfers)) {
      if (keptTransfers.has(t.id)) continue;
      for (const leg of [t.out_id, t.in_id]) if (leg !== null && hold(leg, 'transfer')) changed = true;
    }
    for (const l of rowsOf(reads.links)) {
      const both = !refusedLinks.has(l.undo_id) && kept(l.undo_id) && kept(l.original_id);
      if (both) continue;
      // One end without the other: an original that could be undone again, or an undo that could be undone.
      for (const end of [l.undo_id, l.original_id]) if (hold(end, 'undo')) changed = true;
    }
    if (!changed) return { held, transfers, links: linkRows.filter((l) => kept(l.undo_id) && kept(l.original_id)) };
  }
}

function heldEntry(entry: SalvagedEntry, why: HeldEntry['why'], entries: readonly SalvagedEntry[], transfers: TableRead<TransferRow>): HeldEntry {
  return {
    id: entry.id,
    account: entry.account,
    sku: entry.sku,
    warehouseId: entry.warehouse_id,
    delta: entry.delta,
    state: entry.state,
    why,
    needsWorker: entryWaiting(entry) || strandedOutLeg(entry, entries, transfers),
    createdAt: entry.created_at,
  };
}

/** The out leg of a move that went out and whose in leg was never queued: the stock is booked nowhere. */
function strandedOutLeg(entry: SalvagedEntry, entries: readonly SalvagedEntry[], transfers: TableRead<TransferRow>): boolean {
  if (!moving(entry)) return false;
  const row = rowsOf(transfers).find((t) => t.out_id === entry.id);
  if (row) return row.undone_at === null && (row.in_id === null || entries.find((e) => e.id === row.in_id)?.state !== 'applied');
  const named = legNamedInNote(entry.note);
  if (named?.leg !== 'out') return false;
  return !entries.some((e) => e.state === 'applied' && legNamedInNote(e.note)?.transfer === named.transfer && legNamedInNote(e.note)?.leg === 'in');
}
