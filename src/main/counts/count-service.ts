import { randomBytes } from 'node:crypto';
import { ApiError, type ApiClient } from '../kernel/api';
import type { CatalogCache, CatalogRecorder } from '../kernel/cache';
import type { EventHub } from '../kernel/ipc/event-hub';
import { cacheWillDo } from '../kernel/service-or-cache';
import type { Outbox } from '../outbox';
import type { TransferStore } from '../transfers';
import { signNote } from '../workers';
import { parseCode } from '../../shared/codes/parse-code';
import type { CountLine, CountReview, CountReviewLine, CountScanResult, CountSession, CountStartInput, CountWait } from '../../shared/ipc/desk-work-records';
import type { LookupResult, OutboxEntry } from '../../shared/ipc/records';
import { failure } from '../../shared/ipc/result';
import { outcomeUnknown } from '../../shared/outbox-outcome';
import type { CountBasis, CountLineRow, CountSessionRow, CountStore } from './count-store';

/** The signed-in account's part a count needs. */
export interface CountAccount {
  readonly accountKey: string;
  readonly api: ApiClient;
  readonly recorder: CatalogRecorder;
  /** The connectivity monitor's judgement. */
  readonly online: boolean;
  readonly outbox: Pick<Outbox, 'enqueue' | 'get' | 'transaction' | 'list' | 'idle'>;
  readonly lookup: { lookup(code: string): Promise<LookupResult> };
}

export interface CountDeps {
  cache: CatalogCache & { readonly counts: CountStore; readonly transfers: Pick<TransferStore, 'touching'> };
  /** Throws `not_signed_in` signed out. */
  account: () => CountAccount;
  /** Null signed out. */
  currentAccount: () => CountAccount | null;
  events: EventHub;
  worker: () => string | null;
  now?: () => Date;
}

/** The freshest on-hand of one SKU at one warehouse the desk can get. */
interface OnHand {
  onHand: number | null;
  source: 'service' | 'cache' | 'none';
  asOf: string | null;
}

const newCountId = (): string => `cnt_${randomBytes(8).toString('hex')}`;

/**
 * Stock-take (cycle count) sessions. Counting is fully offline: a scan resolves through the
 * account's lookup (the cache first) and is a committed row before it is answered. Submitting
 * queues one count_correction adjustment per accepted line whose count differs from the
 * on-hand, through the outbox, each exactly once: the entry and the line's mark commit together.
 *
 * The delta is computed at submit time against the service's on-hand, read then, never against
 * the cache: a cached figure may be hours old, and a delta from it would undo whatever anyone
 * else did since. A line whose on-hand cannot be read (offline, an outage mid-way) stays
 * accepted and unsubmitted; submitting again once the service answers goes on from there.
 */
export class CountService {
  readonly #deps: CountDeps;
  readonly #now: () => Date;

  constructor(deps: CountDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
  }

  start(input: CountStartInput): CountSession {
    const account = this.#deps.account();
    const { cache } = this.#deps;
    if (cache.counts.open(account.accountKey)) throw failure('count_already_open', 'A count is already open at this desk. Submit or abandon it first.');
    if (cache.reads.warehouses().length > 0 && !cache.reads.hasWarehouse(input.warehouseId)) {
      throw failure('invalid_argument', 'There is no such warehouse.', { reason: 'unknown_warehouse', details: [{ field: 'warehouseId', problem: 'is not one of the warehouses' }] });
    }
    const zone = input.zone ? this.#zoneSkus(input.zone) : null;
    const id = newCountId();
    cache.counts.insertSession({ id, account: account.accountKey, warehouse_id: input.warehouseId, zone_json: zone ? JSON.stringify(zone) : null, worker: this.#deps.worker(), started_at: this.#stamp() });
    return this.#view(account, cache.counts.session(id)!);
  }

  current(): CountSession | null {
    const account = this.#deps.currentAccount();
    if (!account) return null;
    const row = this.#deps.cache.counts.open(account.accountKey);
    return row ? this.#view(account, row) : null;
  }

  /** One more of the scanned item. A code that names no stock, or stock outside the zone, counts nothing. */
  async scan(code: string): Promise<CountScanResult> {
    const account = this.#deps.account();
    const row = this.#open(account);
    const found = await account.lookup.lookup(code);
    if (found.kind === 'invalid') return { kind: 'refused', code, reason: 'invalid', message: found.problem, refusal: { why: found.why, params: found.params, problem: found.problem } };
    if (found.kind !== 'stock') return { kind: 'refused', code, reason: 'not_found', message: 'This code names no stock item the desk knows.' };
    const { sku, name } = found.stock;
    const zone = zoneOf(row);
    if (zone && !zone.includes(sku)) return { kind: 'refused', code, reason: 'not_in_zone', message: `${sku} is not on the list of this count.` };
    const line = this.#deps.cache.counts.count(row.id, sku, { add: 1 }, this.#basis(sku, row.warehouse_id), this.#stamp());
    return { kind: 'counted', sku, name, counted: line.counted, session: this.#view(account, row) };
  }

  /** A typed count replaces what was scanned. */
  set(sku: string, counted: number): CountSession {
    const account = this.#deps.account();
    const row = this.#open(account);
    const zone = zoneOf(row);
    if (zone && !zone.includes(sku)) throw failure('invalid_argument', `${sku} is not on the list of this count.`, { reason: 'sku_not_in_zone', params: { sku }, details: [{ field: 'sku', problem: 'is not in the zone' }] });
    const known = this.#deps.cache.reads.stockBySku(sku);
    if (!known && !this.#deps.cache.counts.line(row.id, sku)) throw failure('invalid_argument', `The desk knows no stock item ${sku}.`, { reason: 'unknown_sku', params: { sku }, details: [{ field: 'sku', problem: 'is not a known SKU' }] });
    this.#unsubmitted(row, sku);
    this.#deps.cache.counts.count(row.id, sku, { set: counted }, this.#basis(sku, row.warehouse_id), this.#stamp());
    return this.#view(account, row);
  }

  decide(sku: string, decision: 'accepted' | 'recount'): CountSession {
    const account = this.#deps.account();
    const row = this.#open(account);
    this.#unsubmitted(row, sku);
    this.#deps.cache.counts.decide(row.id, sku, decision, this.#stamp());
    return this.#view(account, row);
  }

  /**
   * Each counted SKU against the freshest on-hand: the service's when it answers, else the cache's
   * with its age, with what still moves its stock unbooked; then each SKU of the zone nobody
   * counted, against the cache's on-hand (submitting leaves it alone, so the service is not asked).
   */
  async review(): Promise<CountReview> {
    const account = this.#deps.account();
    const row = this.#open(account);
    const lines: CountReviewLine[] = [];
    const counted = this.#deps.cache.counts.lines(row.id);
    for (const line of counted) {
      const submitted = line.submitted_at !== null;
      const fresh = submitted ? this.#cached(line.sku, row.warehouse_id) : await this.#freshest(account, line.sku, row.warehouse_id);
      lines.push({
        sku: line.sku,
        name: this.#deps.cache.reads.stockBySku(line.sku)?.name ?? null,
        counted: line.counted,
        decision: line.decision,
        onHand: fresh.onHand,
        source: fresh.source,
        asOf: fresh.asOf,
        difference: fresh.onHand === null ? null : line.counted - fresh.onHand,
        basisOnHand: line.basis_on_hand,
        changedSince: fresh.onHand !== null && line.basis_on_hand !== null && fresh.onHand !== line.basis_on_hand ? fresh.onHand - line.basis_on_hand : null,
        submitted,
        waitsFor: submitted ? [] : this.#waits(account, line.sku, row.warehouse_id),
      });
    }
    const seen = new Set(counted.map((l) => l.sku));
    for (const sku of zoneOf(row) ?? []) {
      if (seen.has(sku)) continue;
      const cached = this.#cached(sku, row.warehouse_id);
      lines.push({
        sku,
        name: this.#deps.cache.reads.stockBySku(sku)?.name ?? null,
        counted: null,
        decision: 'pending',
        ...cached,
        difference: null,
        basisOnHand: null,
        changedSince: null,
        submitted: false,
        waitsFor: [],
      });
    }
    return { session: this.#view(account, row), lines, online: account.online };
  }

  /**
   * Queues the accepted lines, each once, and closes the count when every line is in. Every line
   * must be accepted first (a recount is counted again, then accepted).
   */
  async submit(): Promise<CountSession> {
    const account = this.#deps.account();
    const row = this.#open(account);
    const { counts } = this.#deps.cache;
    const all = counts.lines(row.id);
    if (all.length === 0) throw failure('count_empty', 'Nothing has been counted yet.');
    const undecided = all.filter((l) => l.decision !== 'accepted' && l.submitted_at === null);
    if (undecided.length > 0) {
      const skus = `${undecided.slice(0, 5).map((l) => l.sku).join(', ')}${undecided.length > 5 ? ', ...' : ''}`;
      throw failure('count_not_reviewed', `Accept or recount every line first: ${undecided.length} still to review (${skus}).`, { params: { count: undecided.length, skus } });
    }
    const waiting = counts.toSubmit(row.id);
    let done = all.length - waiting.length;
    this.#progress(row.id, done, all.length);
    // Changes this desk made that the service has not booked yet are in the count (the shelf
    // holds what was received, or moved in) but not in the service's on-hand: a delta against it
    // would book them twice. Sends under way finish first; a line whose SKU still has one waits.
    await account.outbox.idle();
    for (const line of waiting) {
      if (this.#waits(account, line.sku, row.warehouse_id).length > 0) continue;
      const before = this.#latestChange(account, line.sku);
      const fresh = await this.#fromService(account, line.sku, row.warehouse_id);
      if (fresh === 'unreachable') break;
      const onHand = fresh ?? 0;
      if (!this.#submitLine(account, row, line, onHand, before)) continue;
      this.#progress(row.id, ++done, all.length);
    }
    if (counts.toSubmit(row.id).length === 0) counts.close(row.id, 'submitted', this.#stamp());
    return this.#view(account, counts.session(row.id)!);
  }

  abandon(): CountSession {
    const account = this.#deps.account();
    const row = this.#open(account);
    if (this.#deps.cache.counts.lines(row.id).some((l) => l.submitted_at !== null)) {
      throw failure('count_partly_submitted', 'Part of this count is already in the outbox: submit the rest once the service answers.');
    }
    this.#deps.cache.counts.close(row.id, 'abandoned', this.#stamp());
    return this.#view(account, this.#deps.cache.counts.session(row.id)!);
  }

  /**
   * Queues a line's correction against `onHand`, unless the desk booked a change of its SKU since
   * `before` (while the service was asked): the on-hand may or may not hold it, so the line waits
   * for it like any other change not yet booked. False when the line was left for later.
   */
  #submitLine(account: CountAccount, row: CountSessionRow, line: CountLineRow, onHand: number, before: string | null): boolean {
    const { cache } = this.#deps;
    const delta = line.counted - onHand;
    const note = signNote(`Count ${row.id}: counted ${line.counted}, on hand ${onHand}`, row.worker);
    // The entry and the line's mark commit together, durably (a power cut keeps both or neither).
    return account.outbox.transaction(() => {
      // Checked inside the transaction: a second submit that raced this one finds the line done.
      if (cache.counts.line(row.id, line.sku)?.submitted_at !== null) return false;
      if (this.#latestChange(account, line.sku) !== before || this.#waits(account, line.sku, row.warehouse_id).length > 0) return false;
      const entry = delta === 0 ? null : account.outbox.enqueue({ sku: line.sku, warehouseId: row.warehouse_id, delta, reason: 'count_correction', ...(note ? { note } : {}) });
      if (!cache.counts.markSubmitted(row.id, line.sku, onHand, entry?.id ?? null, this.#stamp())) throw new Error(`count line ${row.id}/${line.sku} submitted twice`);
      return true;
    });
  }

  /** The newest change of this SKU the desk queued, at any warehouse (a move's out leg is at the other one). */
  #latestChange(account: CountAccount, sku: string): string | null {
    return account.outbox.list({ sku, limit: 1 }).entries[0]?.id ?? null;
  }

  /**
   * Every change of this SKU at this warehouse the service has not booked for good: a transfer
   * in or out whose leg here is not applied yet (its in leg is queued only once the out leg is,
   * so until then the outbox holds nothing here), and any adjustment waiting, sent without a
   * known answer, or refused (a refused one can still be retried, which would book it then).
   */
  #waits(account: CountAccount, sku: string, warehouseId: string): CountWait[] {
    const waits: CountWait[] = [];
    const legs = new Set<string>();
    for (const t of this.#deps.cache.transfers.touching(account.accountKey, sku, warehouseId)) {
      const out = account.outbox.get(t.out_id);
      legs.add(out.id);
      if (t.in_id) legs.add(t.in_id);
      if (t.from_warehouse === warehouseId) {
        const state = pendingState(out);
        if (state) waits.push({ kind: 'transfer_out', delta: -t.quantity, otherWarehouseId: t.to_warehouse, state, entryId: out.id, transferId: t.id });
        continue;
      }
      if (out.state === 'discarded') continue;
      // Into this warehouse: unsettled while the out leg is, then while the in leg is.
      const inLeg = t.in_id ? account.outbox.get(t.in_id) : null;
      const state = out.state === 'applied' ? (inLeg ? pendingState(inLeg) : 'waiting') : pendingState(out);
      if (state) waits.push({ kind: 'transfer_in', delta: t.quantity, otherWarehouseId: t.from_warehouse, state, entryId: inLeg?.id ?? out.id, transferId: t.id });
    }
    let before: string | undefined;
    for (;;) {
      const page = account.outbox.list({ states: ['queued', 'sending', 'uncertain', 'rejected'], sku, limit: 200, ...(before ? { before } : {}) });
      for (const e of page.entries) {
        const state = e.warehouseId === warehouseId && !legs.has(e.id) ? pendingState(e) : null;
        if (state) waits.push({ kind: 'change', delta: e.delta, otherWarehouseId: null, state, entryId: e.id, transferId: null });
      }
      if (page.nextBefore === null) return waits;
      before = page.nextBefore;
    }
  }

  /** The service's on-hand (recorded in the cache), null for a SKU it does not know, or 'unreachable'. */
  async #fromService(account: CountAccount, sku: string, warehouseId: string): Promise<number | null | 'unreachable'> {
    if (!account.online) return 'unreachable';
    try {
      const answer = await account.api.readStock(sku);
      const fresh = account.recorder.stock(answer.body, this.#stamp());
      if (fresh) this.#deps.events.emit('stock.updated', fresh);
      return answer.body.levels.find((l) => l.warehouse_id === warehouseId)?.on_hand ?? 0;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'not_found') return null;
      if (cacheWillDo(error)) return 'unreachable';
      throw error;
    }
  }

  async #freshest(account: CountAccount, sku: string, warehouseId: string): Promise<OnHand> {
    const fromService = await this.#fromService(account, sku, warehouseId);
    if (fromService === 'unreachable') return this.#cached(sku, warehouseId);
    return fromService === null ? { onHand: null, source: 'none', asOf: null } : { onHand: fromService, source: 'service', asOf: this.#stamp() };
  }

  #cached(sku: string, warehouseId: string): OnHand {
    const stock = this.#deps.cache.reads.stockBySku(sku);
    if (!stock) return { onHand: null, source: 'none', asOf: null };
    return { onHand: stock.levels.find((l) => l.warehouseId === warehouseId)?.onHand ?? 0, source: 'cache', asOf: stock.confirmedAt };
  }

  #basis(sku: string, warehouseId: string): CountBasis | null {
    const stock = this.#deps.cache.reads.stockBySku(sku);
    if (!stock) return null;
    return { onHand: stock.levels.find((l) => l.warehouseId === warehouseId)?.onHand ?? 0, version: stock.version, at: stock.confirmedAt };
  }

  /** The zone's codes as SKUs (a product barcode names its SKU), through the cache; a code it knows nothing by refuses the start. */
  #zoneSkus(codes: readonly string[]): string[] {
    const skus = new Set<string>();
    const unknown: string[] = [];
    for (const code of new Set(codes)) {
      const sku = this.#skuOf(code);
      if (sku) skus.add(sku);
      else unknown.push(code);
    }
    if (unknown.length > 0) {
      const shown = `${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', ...' : ''}`;
      throw failure('count_zone_unknown', `The desk knows no item by ${unknown.length === 1 ? 'this code' : 'these codes'}: ${shown}. Correct or remove ${unknown.length === 1 ? 'it' : 'them'}, or sync first.`, {
        params: { count: unknown.length, codes: shown },
        details: unknown.slice(0, 50).map(() => ({ field: 'zone', problem: 'names no known item' })),
      });
    }
    return [...skus];
  }

  #skuOf(code: string): string | null {
    const { reads } = this.#deps.cache;
    const exact = reads.stockBySku(code) ?? reads.stockBySkuIgnoringCase(code);
    if (exact) return exact.sku;
    const parsed = parseCode(code);
    if (parsed.kind !== 'gtin' || !parsed.checkDigitOk) return null;
    for (const gtin14 of parsed.gtin14) {
      const sku = reads.skuByGtin14(gtin14);
      if (sku !== null && reads.stockBySku(sku)) return sku;
    }
    return null;
  }

  #open(account: CountAccount): CountSessionRow {
    const row = this.#deps.cache.counts.open(account.accountKey);
    if (!row) throw failure('no_open_count', 'No count is open. Start one first.');
    return row;
  }

  #unsubmitted(row: CountSessionRow, sku: string): void {
    if (this.#deps.cache.counts.line(row.id, sku)?.submitted_at) throw failure('count_line_submitted', `${sku} is already submitted; undo its adjustment in the outbox to change it.`, { params: { sku } });
  }

  #progress(sessionId: string, done: number, total: number): void {
    this.#deps.events.emit('counts.progress', { sessionId, done, total });
  }

  #view(account: CountAccount, row: CountSessionRow): CountSession {
    const { cache } = this.#deps;
    const fresh = cache.counts.session(row.id) ?? row;
    return {
      id: fresh.id,
      warehouseId: fresh.warehouse_id,
      zone: zoneOf(fresh),
      worker: fresh.worker,
      state: fresh.state,
      startedAt: fresh.started_at,
      submittedAt: fresh.submitted_at,
      lines: cache.counts.lines(fresh.id).map((l): CountLine => ({
        sku: l.sku,
        name: cache.reads.stockBySku(l.sku)?.name ?? null,
        counted: l.counted,
        decision: l.decision,
        basisOnHand: l.basis_on_hand,
        onHandAtSubmit: l.on_hand_at_submit,
        submittedAt: l.submitted_at,
        entry: l.entry_id ? account.outbox.get(l.entry_id) : null,
      })),
    };
  }

  #stamp(): string {
    return this.#now().toISOString();
  }
}

/** Whether an entry may still change the service's stock, and how the review words it; null when it is settled. */
function pendingState(entry: OutboxEntry): CountWait['state'] | null {
  if (entry.state === 'applied' || entry.state === 'discarded') return null;
  if (entry.state === 'uncertain' || (entry.state === 'rejected' && outcomeUnknown(entry))) return 'unknown';
  return entry.state === 'rejected' ? 'refused' : 'waiting';
}

function zoneOf(row: CountSessionRow): string[] | null {
  return row.zone_json === null ? null : (JSON.parse(row.zone_json) as string[]);
}
