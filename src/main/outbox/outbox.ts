import { randomUUID } from 'node:crypto';
import { isAuthFailure, isTransient, toAdjustRequest, toAppliedAdjustment, type ApiClient } from '../kernel/api';
import type { CatalogCache, CatalogRecorder } from '../kernel/cache';
import { notSignedIn } from '../kernel/ipc/account-guard';
import { toDeskError } from '../kernel/ipc/desk-error';
import type { EventHub } from '../kernel/ipc/event-hub';
import type { Log } from '../kernel/log';
import type { OutboxStore, StoredOutboxEntry } from './outbox-store';
import type { ToCheckStore } from './to-check-store';
import type { AdjustInput, OutboxCounts, OutboxEntry, OutboxState, Stock, StockMark, ToCheckChange } from '../../shared/ipc/records';
import { failure, type DeskError } from '../../shared/ipc/result';
import { IDEMPOTENCY_HORIZON_MS, validateRequestBody, type AdjustStockRequest, type StockItem } from '../../shared/api';
import { outcomeUnknown } from '../../shared/outbox-outcome';

/** The cache as the outbox needs it: the catalog (a verdict updates the stock), the outbox's own table and the changes a rebuild left to check. */
export interface OutboxCache extends CatalogCache {
  readonly outbox: OutboxStore;
  readonly toCheck: ToCheckStore;
}

export interface OutboxDeps {
  cache: OutboxCache;
  recorder: CatalogRecorder;
  events: EventHub;
  /** The signed-in account's key (never a credential), or null when signed out. */
  account: () => string | null;
  /** The API client of the signed-in account, or null when signed out. */
  api: () => ApiClient | null;
  /** The connectivity monitor's judgement: offline, nothing is sent. */
  online: () => boolean;
  now?: () => Date;
  newKey?: () => string;
  log?: Log;
}

export interface OutboxListing {
  entries: OutboxEntry[];
  counts: OutboxCounts;
  /** Pass as `before` for the next, older page; null on the last page. */
  nextBefore: string | null;
}

const DEFAULT_LIST_LIMIT = 200;

/**
 * An entry whose key was first used longer ago than this is never resent with it. The margin
 * covers what makes the desk's count of the key's age fall short of the service's: the two
 * clocks' disagreement and a request's time on the way (retries included).
 */
const KEY_SAFETY_MARGIN_MS = 3600 * 1000;
export const RESEND_LIMIT_MS = IDEMPOTENCY_HORIZON_MS - KEY_SAFETY_MARGIN_MS;

/** The refusal of an action that would treat an adjustment the service may have applied as never sent. */
export function outcomeUnknownFailure(entry: OutboxEntry): ReturnType<typeof failure> {
  switch (entry.state) {
    case 'uncertain':
      return failure('outcome_unknown', 'Whether the service applied this adjustment is not known: decide on it in the Outbox, where the stock at the service is shown beside it.');
    case 'sending':
      return failure('outcome_unknown', 'This adjustment is being sent right now. Try again once the service has answered.');
    case 'rejected':
      return failure('outcome_unknown', "The service's answer to this adjustment could not be read, so it may have been applied. Retry it: it goes with the same key, so it can never be applied twice, and the service says what it did.");
    default:
      return failure('outcome_unknown', 'This adjustment was sent and its answer has not arrived: the service may have applied it, so it cannot be withdrawn. The desk sends it again with the same key and the service answers with what it did; undo it then.');
  }
}

/** An adjustment as the outbox stores it: what every send of it asks of the service. */
type Adjustment = Pick<OutboxEntry, 'sku' | 'warehouseId' | 'delta' | 'reason' | 'note'>;

/**
 * The one mapping of a stored adjustment to the API's request: checked against the API's schema
 * before the row is stored, and built from the row at each send (after a restart too), so what is
 * sent is what was checked.
 */
function requestOf(a: Adjustment): AdjustStockRequest {
  return toAdjustRequest({ sku: a.sku, warehouseId: a.warehouseId, delta: a.delta, reason: a.reason, ...(a.note !== null ? { note: a.note } : {}) });
}

function markOf(stockItem: StockItem, warehouseId: string): StockMark {
  return { onHand: stockItem.levels.find((l) => l.warehouse_id === warehouseId)?.on_hand ?? 0, version: stockItem.version };
}

/**
 * The exactly-once outbox of stock adjustments.
 *
 * An adjustment is written to SQLite with a fresh idempotency key, in one transaction, before any
 * network call; then sent. Entries are sent one at a time in creation order, always with their
 * stored key, so whatever dies in between (the network, the process), sending again is safe: the
 * service answers a repeated key with its first result and changes nothing.
 *
 *   queued -> sending -> applied | rejected      queued | rejected -> discarded
 *   queued -> uncertain -> queued (new key) | discarded
 *
 * - A transient failure (no answer, 429, 5xx) or an account problem puts the entry back to queued
 *   with attempts counted and lastError set, and stops the run; the next trigger (reconnect,
 *   timer, retry) resumes it.
 * - A refusal (409 insufficient_stock, 404, 422, ...) makes it rejected, kept with the service's
 *   code, message and request id, and the run goes on with the next entry.
 * - An entry found `sending` at startup was interrupted mid-send and goes back to queued.
 * - The service keeps a key only IDEMPOTENCY_HORIZON_MS. A queued entry whose key was first sent
 *   longer ago than RESEND_LIMIT_MS (its outcome unknown: a timeout, a 5xx, a crash mid-send, an
 *   account signed out since) is not sent: it becomes `uncertain`, the service's stock is read
 *   afresh, and the worker resends it under a new key or drops it (`resolve`). Which of its sends
 *   failed how does not matter: one lost answer is enough to make a resend unsafe.
 */
export class Outbox {
  readonly #deps: OutboxDeps;
  readonly #now: () => Date;
  readonly #newKey: () => string;
  #running: Promise<void> | null = null;
  #again = false;
  /**
   * Set while `transaction` runs: the entries changed in it, announced (and sent) only once it has
   * committed. Null outside one.
   */
  #held: { ids: string[]; kick: boolean } | null = null;
  readonly #settledWaiters = new Map<string, Set<() => void>>();

  constructor(deps: OutboxDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? (() => new Date());
    this.#newKey = deps.newKey ?? randomUUID;
  }

  /**
   * Runs `fn` in one transaction committed with `synchronous = FULL`, for a capability that queues
   * adjustments together with rows of its own (a transfer, a count line, an undo link): all of it
   * survives a power cut, or none of it. What `fn` queues is announced and sent only after the
   * commit: a request never leaves for an entry that may still be rolled back, and its sending
   * mark is a durable commit of its own. Nested calls join the outer transaction.
   */
  transaction<T>(fn: () => T): T {
    const { cache } = this.#deps;
    if (this.#held !== null) return cache.writes.transaction(fn);
    this.#held = { ids: [], kick: false };
    let result: T;
    let held: { ids: string[]; kick: boolean };
    try {
      result = cache.outbox.durably(() => cache.writes.transaction(fn));
    } finally {
      held = this.#held;
      this.#held = null;
    }
    // Committed: each entry it changed is announced as it now stands (once, in the order first changed).
    for (const id of new Set(held.ids)) {
      const stored = cache.outbox.get(id);
      if (stored) this.#announce(stored);
    }
    if (held.kick) void this.kick();
    return result;
  }

  /**
   * Stores the adjustment (committed durably before this returns, or with the `transaction` it is
   * called in), then starts sending. Called inside any other transaction it throws: that one would
   * commit it at a level a power cut may roll back.
   */
  enqueue(input: AdjustInput): OutboxEntry {
    const account = this.#requireAccount();
    // The IPC contract is looser than the API's in places (a note's control characters): what the
    // service could never accept is refused now, nothing stored, instead of becoming an entry the
    // app itself rejects at every send, which no retry could help.
    if (input.count !== undefined && input.delta !== input.count.counted - input.count.onHand) {
      throw failure('invalid_argument', 'This count does not add up: the change must be what was counted less the stock it was measured against.', {
        reason: 'count_mismatch',
        details: [{ field: 'delta', problem: 'must be count.counted - count.onHand' }],
      });
    }
    const adjustment: Adjustment = {
      sku: input.sku,
      warehouseId: input.warehouseId,
      delta: input.delta,
      reason: input.reason,
      note: input.note === undefined || input.note === '' ? null : input.note,
    };
    // Checked as it will be sent: the request every send builds from the stored row.
    const wire = validateRequestBody('adjustStock', requestOf(adjustment));
    if (!wire.ok) {
      throw failure('invalid_argument', 'This adjustment cannot be sent as it is.', {
        details: wire.problems.slice(0, 20).map((p) => ({ field: p.field === 'warehouse_id' ? 'warehouseId' : p.field, problem: p.problem })),
      });
    }
    const stored = this.#deps.cache.outbox.insert({
      ...adjustment,
      id: randomUUID(),
      account,
      idempotencyKey: this.#newKey(),
      createdAt: this.#stamp(),
      count: input.count ?? null,
    });
    this.#announce(stored);
    void this.kick();
    return stored.entry;
  }

  /** The signed-in account's entry `id`; `outbox_entry_not_found` for any other. */
  get(id: string): OutboxEntry {
    return this.#own(id).entry;
  }

  list(filter: { states?: readonly OutboxState[]; sku?: string; before?: string; limit?: number } = {}): OutboxListing {
    const account = this.#deps.account();
    if (account === null) return { entries: [], counts: { queued: 0, sending: 0, applied: 0, rejected: 0, discarded: 0, uncertain: 0, rejectedSeen: 0, toCheck: 0 }, nextBefore: null };
    return {
      ...this.#deps.cache.outbox.list(account, { ...filter, limit: filter.limit ?? DEFAULT_LIST_LIMIT }),
      counts: { ...this.#deps.cache.outbox.counts(account), toCheck: this.#deps.cache.toCheck.count(account) },
    };
  }

  /**
   * The worker acknowledged a refusal ("Seen"): it stays in the history, with Retry and Discard,
   * but leaves the red count, in every window and after a restart. The mark is of this refusal:
   * retried and refused again, the entry counts again. Announced, so every window's counts follow.
   */
  markSeen(id: string): OutboxEntry {
    const stored = this.#own(id);
    if (!this.#deps.cache.outbox.markSeen(id)) throw failure('outbox_not_rejected', `This adjustment is ${stored.entry.state}, not refused.`);
    const updated = this.#own(id);
    this.#announce(updated);
    return updated.entry;
  }

  /** The changes a rebuilt cache held back for the signed-in account's worker to check by hand; none signed out. */
  toCheck(): ToCheckChange[] {
    const account = this.#deps.account();
    return account === null ? [] : this.#deps.cache.toCheck.list(account);
  }

  /** The worker checked the stock of one of them by hand: it leaves the list. */
  checked(id: string): ToCheckChange {
    const removed = this.#deps.cache.toCheck.remove(this.#requireAccount(), id);
    if (!removed) throw failure('outbox_entry_not_found', 'No such change to check.');
    return removed;
  }

  /**
   * A queued entry is sent now. A rejected entry is queued again under a NEW idempotency key: the
   * service stored its refusal under the old key and would repeat it forever; the worker has
   * decided to try again (say, after the missing stock arrived), which is a new request. The one
   * exception is a refusal that is not a judgement of the service (`unexpected_response`: an
   * answer we could not read, so the adjustment may have been applied): it keeps its key, so a
   * retry can never apply it twice.
   */
  retry(id: string): OutboxEntry {
    const stored = this.#own(id);
    const { state } = stored.entry;
    if (state === 'queued') {
      this.kick();
      return stored.entry;
    }
    if (state !== 'rejected') throw failure('outbox_not_retryable', `An adjustment that is ${state} cannot be retried.`);
    const keepKey = stored.entry.lastError?.code === 'unexpected_response';
    const updated = this.#deps.cache.outbox.update(id, {
      state: 'queued',
      updatedAt: this.#stamp(),
      ...(keepKey ? {} : { idempotencyKey: this.#newKey() }),
    });
    this.#announce(updated);
    this.kick();
    return updated.entry;
  }

  /**
   * Queued or rejected entries are discarded: never sent (again), kept in the history. Not one
   * that went out without a verdict (`outcomeUnknown`): the service may have applied it.
   */
  discard(id: string): OutboxEntry {
    const stored = this.#own(id);
    const { state } = stored.entry;
    if (outcomeUnknown(stored.entry)) throw outcomeUnknownFailure(stored.entry);
    if (state !== 'queued' && state !== 'rejected') {
      throw failure('outbox_not_discardable', `An adjustment that is ${state} cannot be discarded.`);
    }
    const updated = this.#deps.cache.outbox.update(id, { state: 'discarded', updatedAt: this.#stamp() });
    this.#announce(updated);
    return updated.entry;
  }

  /**
   * The worker's decision on an uncertain entry, made with the service's stock in view: resend
   * it as a new request (a new key, so never a replay the service could have forgotten), drop it
   * (not applied and not wanted: kept in the history as discarded), or record it as applied (the
   * stock shows it was; it is not sent again, and what waits for it, a transfer's in leg, goes).
   */
  resolve(id: string, choice: 'resend' | 'drop' | 'applied'): OutboxEntry {
    const stored = this.#own(id);
    if (stored.entry.state !== 'uncertain') throw failure('outbox_not_uncertain', `This adjustment is ${stored.entry.state}, not waiting for a decision.`);
    const { outbox } = this.#deps.cache;
    const updated =
      choice === 'drop'
        ? outbox.update(id, { state: 'discarded', updatedAt: this.#stamp() })
        : choice === 'applied'
          ? outbox.update(id, { state: 'applied', updatedAt: this.#stamp(), lastError: null })
          : outbox.update(id, { state: 'queued', updatedAt: this.#stamp(), idempotencyKey: this.#newKey(), lastError: null });
    this.#announce(updated);
    if (choice === 'resend') this.kick();
    return updated.entry;
  }

  /**
   * Starts sending queued entries (reconnect, timer, a new entry); a run in progress goes round
   * once more. Inside `transaction` it waits for the commit (the transaction kicks then).
   */
  kick(): Promise<void> {
    if (this.#held !== null) {
      this.#held.kick = true;
      return this.#running ?? Promise.resolve();
    }
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          await this.#drain();
        } while (this.#again);
      } catch (error) {
        // Only a broken cache gets here (closed, full disk): the entries stay as stored, and a
        // later run picks them up. Never an unhandled rejection out of a background kick.
        this.#deps.log?.('error', 'outbox run failed', { error: String(error) });
      } finally {
        this.#running = null;
      }
    })();
    return this.#running;
  }

  /** Resolves when no run is in progress (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Resolves when entry `id` is no longer queued or sending, or after `timeoutMs`; returns it as it then is. */
  async settled(id: string, timeoutMs: number): Promise<OutboxEntry> {
    const current = () => this.#deps.cache.outbox.get(id)?.entry;
    const now = current();
    if (!now || (now.state !== 'queued' && now.state !== 'sending')) return now ?? this.#own(id).entry;
    await new Promise<void>((resolve) => {
      const waiters = this.#settledWaiters.get(id) ?? new Set();
      this.#settledWaiters.set(id, waiters);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0) this.#settledWaiters.delete(id);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      timer.unref();
      waiters.add(done);
    });
    return current() ?? this.#own(id).entry;
  }

  async #drain(): Promise<void> {
    for (;;) {
      const account = this.#deps.account();
      const api = this.#deps.api();
      if (account === null || api === null || !this.#deps.online()) return;
      for (const unchecked of this.#deps.cache.outbox.uncheckedUncertain(account)) await this.#check(api, unchecked);
      const next = this.#deps.cache.outbox.nextQueued(account);
      if (!next) return;
      // Only a key already sent has an age to ask the service about; a new one goes at once.
      const age = next.entry.firstSentAt === null ? 'fresh' : await this.#keyAge(api, next);
      if (!this.#stillQueued(next)) continue;
      if (typeof age === 'object') {
        this.#announce(this.#deps.cache.outbox.update(next.entry.id, { state: 'queued', updatedAt: this.#stamp(), attempts: next.entry.attempts + 1, lastError: age.unreachable }));
        return;
      }
      if (age !== 'fresh') {
        const since = this.#stamp();
        const uncertain = this.#deps.cache.outbox.update(next.entry.id, { state: 'uncertain', updatedAt: since, check: { since, before: null, now: null } });
        this.#deps.log?.('warn', 'adjustment not resent: its key may have expired at the service', { id: next.entry.id, firstSentAt: next.entry.firstSentAt, why: age });
        this.#announce(uncertain);
        await this.#check(api, uncertain);
        continue;
      }
      if (next.count !== null && next.entry.firstSentAt === null) {
        const checked = await this.#checkCount(api, next);
        if (checked === 'stop') return;
        if (checked === 'held' || checked === 'gone') continue;
      }
      const keepGoing = await this.#send(api, next);
      if (!keepGoing) return;
    }
  }

  /**
   * Whether the entry's key is still one the service keeps, measured on the service's clock: the
   * time it had certainly reached when the key first left (stored then), against its time now,
   * asked of it now (a request that changes nothing). The desk's clock plays no part: set ahead,
   * back or put right meanwhile, it would make the key look younger than it is. Where the desk
   * cannot vouch for the age (no first-send time on the service's clock, no Date in the answer, a
   * first send later than now) the key counts as possibly forgotten. `unreachable`: the service
   * did not answer; the entry waits for the next run, as after a failed send (an attempt counted).
   */
  async #keyAge(api: ApiClient, stored: StoredOutboxEntry): Promise<'fresh' | 'too_old' | 'unknown' | { unreachable: DeskError }> {
    const sentAt = stored.keySentServiceAt === null ? NaN : Date.parse(stored.keySentServiceAt);
    let answeredAt: number | null;
    try {
      answeredAt = await api.serviceTime();
    } catch (error) {
      return { unreachable: toDeskError(error) ?? { code: 'internal_error', message: 'The adjustment could not be sent because of an error inside the app.' } };
    }
    if (answeredAt === null || Number.isNaN(sentAt)) return 'unknown';
    // A Date names the second it was made in: the service's now is before the end of that second,
    // which makes the age measured here never shorter than the true one.
    const now = answeredAt + 1000;
    if (sentAt > now) return 'unknown';
    return now - sentAt > RESEND_LIMIT_MS ? 'too_old' : 'fresh';
  }

  /**
   * A time the service's clock had certainly reached before a request leaves now: what its last
   * answer said, carried forward; asked of it when this client has heard nothing yet. Null when it
   * gives no time (the key then can never be resent after a lost answer). Synchronous when known:
   * the entry is marked sending in the same turn as it is picked.
   */
  #serviceTimeBeforeSend(api: ApiClient): string | null | Promise<string | null> {
    const at = api.serviceTimeLowerBound();
    if (at !== null) return new Date(at).toISOString();
    return api.serviceTime().then((asked) => (asked === null ? null : new Date(asked).toISOString()));
  }

  /**
   * A Set count, just before its first send under its key: the worker stated what the shelf holds,
   * and the delta was measured against the on-hand they saw (with what this desk still had waiting
   * ahead of it). The service's on-hand is read now, as a count's submit does:
   * - the same as then (what waited ahead was booked, nothing else moved): the delta stands, sent;
   * - already the counted quantity: nothing to book, and the entry says so (`count_matches`);
   * - moved otherwise, or a change ahead of it still unsettled: held for the worker
   *   (`count_changed`, with both figures). Whether that movement happened on the shelf before
   *   the count or after it, only the worker can tell; booking the count against the new figure
   *   would undo a movement made after the count, and against the old one would book it twice.
   *   The worker drops it and counts again. Sent once, the delta never changes (its key holds it).
   * `stop`: the service could not be read now; the entry waits, as after a failed send.
   */
  async #checkCount(api: ApiClient, stored: StoredOutboxEntry): Promise<'send' | 'held' | 'stop' | 'gone'> {
    const { entry } = stored;
    const count = stored.count!;
    const outbox = this.#deps.cache.outbox;
    const hold = (lastError: DeskError): 'held' => {
      this.#announce(outbox.update(entry.id, { state: 'rejected', updatedAt: this.#stamp(), lastError }));
      this.#deps.log?.('info', 'count not booked', { id: entry.id, code: lastError.code });
      return 'held';
    };
    const params = { counted: count.counted, onHandThen: count.onHand };
    if (outbox.unsettledBefore(entry.id)) {
      return hold({
        code: 'count_changed',
        reason: 'earlier_unsettled',
        message: `Counted ${count.counted}, but an earlier change of this item here is not settled at the service yet: decide on it, then count again.`,
        params,
      });
    }
    let answer;
    try {
      answer = await api.readStock(entry.sku);
    } catch (error) {
      if (!this.#stillQueued(stored)) return 'gone';
      const known = toDeskError(error);
      if (known !== undefined && !isTransient(known) && !isAuthFailure(known)) return 'send'; // the service judges the adjustment itself
      this.#announce(outbox.update(entry.id, { state: 'queued', updatedAt: this.#stamp(), lastError: known ?? { code: 'internal_error', message: 'The stock could not be read because of an error inside the app.' } }));
      return 'stop';
    }
    const fresh = this.#deps.recorder.stock(answer.body, this.#stamp());
    if (fresh) this.#deps.events.emit('stock.updated', fresh);
    if (!this.#stillQueued(stored)) return 'gone';
    const onHandNow = markOf(answer.body, entry.warehouseId).onHand;
    if (onHandNow === count.onHand) return 'send';
    if (onHandNow === count.counted) {
      return hold({
        code: 'count_matches',
        message: `Counted ${count.counted}, and the service already shows ${onHandNow} on hand: nothing was booked.`,
        params: { ...params, onHandNow },
      });
    }
    return hold({
      code: 'count_changed',
      reason: 'on_hand_moved',
      message: `Counted ${count.counted} against ${count.onHand} on hand, but the service now shows ${onHandNow}: nothing was booked. Count again.`,
      params: { ...params, onHandNow },
    });
  }

  /** Reads the uncertain entry's stock at the service, for the worker to compare; a failure leaves it for the next run. */
  async #check(api: ApiClient, stored: StoredOutboxEntry): Promise<void> {
    const { entry } = stored;
    let answer;
    try {
      answer = await api.readStock(entry.sku);
    } catch (error) {
      this.#deps.log?.('warn', 'the stock of an uncertain adjustment could not be read', { id: entry.id, code: toDeskError(error)?.code ?? 'internal_error' });
      return;
    }
    const readAt = this.#stamp();
    const fresh = this.#deps.recorder.stock(answer.body, readAt);
    if (fresh) this.#deps.events.emit('stock.updated', fresh);
    // The worker may have decided on it while the stock was read: their decision stands.
    if (this.#deps.cache.outbox.get(entry.id)?.entry.state !== 'uncertain') return;
    const since = entry.uncertain?.since ?? readAt;
    const checked = this.#deps.cache.outbox.update(entry.id, { state: 'uncertain', updatedAt: readAt, check: { since, before: null, now: { ...markOf(answer.body, entry.warehouseId), readAt } } });
    this.#announce(checked);
  }

  /**
   * Whether the entry picked before an await is still queued as it was: meanwhile the worker may
   * have discarded it, or undo withdrawn it, and a withdrawn adjustment must never leave.
   */
  #stillQueued(picked: StoredOutboxEntry): boolean {
    const now = this.#deps.cache.outbox.get(picked.entry.id)?.entry;
    return now !== undefined && now.state === 'queued' && now.attempts === picked.entry.attempts;
  }

  /** What the cache holds for the entry's SKU and warehouse: the basis a later fresh read is compared with. */
  #cachedMark(sku: string, warehouseId: string): StockMark | null {
    const cached = this.#deps.cache.reads.stockBySku(sku);
    if (!cached) return null;
    return { onHand: cached.levels.find((l) => l.warehouseId === warehouseId)?.onHand ?? 0, version: cached.version };
  }

  /** Sends one entry; false when the run should stop (the service or the account is not usable now). */
  async #send(api: ApiClient, stored: StoredOutboxEntry): Promise<boolean> {
    const { entry, idempotencyKey } = stored;
    const outbox = this.#deps.cache.outbox;
    let serviceAt: string | null = null;
    if (entry.firstSentAt === null) {
      const known = this.#serviceTimeBeforeSend(api);
      if (typeof known === 'string' || known === null) {
        serviceAt = known;
      } else {
        try {
          serviceAt = await known;
        } catch (error) {
          if (!this.#stillQueued(stored)) return true;
          const deskError = toDeskError(error) ?? { code: 'internal_error', message: 'The adjustment could not be sent because of an error inside the app.' };
          this.#announce(outbox.update(entry.id, { state: 'queued', updatedAt: this.#stamp(), attempts: entry.attempts + 1, lastError: deskError }));
          return false;
        }
        if (!this.#stillQueued(stored)) return true;
      }
    }
    // Marked `sending`, with the key's first use, durably before the request leaves: found so at
    // startup, it was interrupted; and the key's age is known whatever happens next.
    const sentAt = this.#stamp();
    this.#announce(
      outbox.update(entry.id, {
        state: 'sending',
        updatedAt: sentAt,
        attempts: entry.attempts + 1,
        ...(entry.firstSentAt === null ? { firstSent: { at: sentAt, basis: this.#cachedMark(entry.sku, entry.warehouseId), serviceAt } } : {}),
      }),
    );
    try {
      const answer = await api.adjustStock(entry.sku, requestOf(entry), idempotencyKey);
      const confirmedAt = this.#stamp();
      const change = { state: 'applied', updatedAt: confirmedAt, applied: toAppliedAdjustment(answer), lastError: null } as const;
      let applied: StoredOutboxEntry;
      let fresh: Stock | null = null;
      try {
        // The entry's new state and the stock it left commit together.
        ({ applied, fresh } = outbox.durably(() =>
          this.#deps.cache.writes.transaction(() => ({
            fresh: this.#deps.recorder.stock(answer.body.stock_item, confirmedAt),
            applied: outbox.update(entry.id, change),
          })),
        ));
      } catch (error) {
        // The service applied it, and that is what the entry must say whatever the cache made of
        // the stock it answered (a write the cache refuses): left queued, it would be sent
        // again forever and hold up every entry after it. The stock comes with the next sync.
        this.#deps.log?.('error', 'the stock an applied adjustment answered could not be cached', { id: entry.id, error: String(error) });
        applied = outbox.update(entry.id, change);
      }
      this.#announce(applied);
      if (fresh) this.#deps.events.emit('stock.updated', fresh);
      return true;
    } catch (error) {
      const known = toDeskError(error);
      const deskError = known ?? { code: 'internal_error', message: 'The adjustment could not be sent because of an error inside the app.' };
      if (known === undefined || isTransient(deskError) || isAuthFailure(deskError)) {
        this.#announce(outbox.update(entry.id, { state: 'queued', updatedAt: this.#stamp(), lastError: deskError }));
        this.#deps.log?.('warn', 'adjustment stays queued', { id: entry.id, code: deskError.code });
        return false;
      }
      const refusal = deskError.code === 'insufficient_stock' ? await this.#withOnHand(api, entry, deskError) : deskError;
      this.#announce(outbox.update(entry.id, { state: 'rejected', updatedAt: this.#stamp(), lastError: refusal }));
      return true;
    }
  }

  /**
   * A refusal for want of stock, with the stock the service holds now (`params.onHand`), read
   * once: the worker reads "only 11 on hand in Amsterdam" wherever the refusal is shown, and the
   * cache gets the figure the service judged by. The service's own sentence is free text (and names
   * the warehouse by id), so the figure is not taken from it. A failed read leaves the refusal as it came.
   */
  async #withOnHand(api: ApiClient, entry: OutboxEntry, refusal: DeskError): Promise<DeskError> {
    try {
      const answer = await api.readStock(entry.sku);
      const fresh = this.#deps.recorder.stock(answer.body, this.#stamp());
      if (fresh) this.#deps.events.emit('stock.updated', fresh);
      return { ...refusal, params: { ...refusal.params, onHand: markOf(answer.body, entry.warehouseId).onHand } };
    } catch {
      return refusal;
    }
  }

  #own(id: string): StoredOutboxEntry {
    const stored = this.#deps.cache.outbox.get(id);
    const account = this.#deps.account();
    if (account === null) throw notSignedIn();
    if (!stored || stored.account !== account) throw failure('outbox_entry_not_found', 'No such adjustment.');
    return stored;
  }

  #requireAccount(): string {
    const account = this.#deps.account();
    if (account === null) throw notSignedIn();
    return account;
  }

  #announce(stored: StoredOutboxEntry): void {
    if (this.#held !== null) {
      this.#held.ids.push(stored.entry.id);
      return;
    }
    this.#deps.events.emit('outbox.changed', stored.entry);
    const { state } = stored.entry;
    if (state !== 'queued' && state !== 'sending') for (const done of [...(this.#settledWaiters.get(stored.entry.id) ?? [])]) done();
  }

  #stamp(): string {
    return this.#now().toISOString();
  }
}
