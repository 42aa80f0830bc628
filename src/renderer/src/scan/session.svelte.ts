import { m } from '../i18n/messages';
import type { CodeEntry, Gs1Details, Stock } from '../../../shared/ipc/records';
import { refuse } from '../../../shared/codes/refusal';
import type { CodeRefusal } from '../../../shared/ipc/code-refusal';
import { MAX_CODE_LENGTH } from '../../../shared/ipc/defaults';
import type { DeskError } from '../../../shared/ipc/result';
import { call, onDesk } from '../state/desk';
import { pushNotice } from '../state/notices.svelte';
import { REFRESH_GIVE_UP_MS } from '../state/refresh';
import { settings } from '../state/settings.svelte';
import { badgeScanned } from '../state/workers.svelte';
import type { RejectedBurst } from './detector';
import { ScanQueue } from './queue';
import { playTone, type Tone } from './tones';

/**
 * The scan conversation: every code (scanned anywhere, typed in the scan box, picked from the
 * history) goes through one queue, is answered in order, and the answer becomes the current card
 * and the head of the history. A fresher stock record (`stock.updated`) replaces the card in place;
 * a SKU the service no longer has (`stock.removed`) turns its card into "not found at the service".
 */

export type ScanOrigin = 'scanner' | 'typed' | 'history';

/**
 * How a code came in, as the journal keeps it: a scanner's burst is `scanned`, a code typed in the
 * scan box `keyed`; a code picked again from the history is what it was the first time.
 */
export function entryOf(origin: Exclude<ScanOrigin, 'history'>): CodeEntry {
  return origin === 'scanner' ? 'scanned' : 'keyed';
}

interface AnswerBase {
  /** Unique per answer: restarts the card's flash and keys the history. */
  id: number;
  code: string;
  origin: ScanOrigin;
  /** Sent with the lookup and with an adjustment made on this answer's card. */
  entry: CodeEntry;
  /** When it was answered (ms since epoch). */
  at: number;
}
export type Answer =
  | (AnswerBase & { kind: 'stock'; stock: Stock; matchedBy: 'sku' | 'gtin'; refreshing: boolean; updatedInPlace: boolean; gs1?: Gs1Details })
  | (AnswerBase & { kind: 'not_found'; searched: 'cache' | 'service' })
  /** Refused: worded from `why` and `params` in the desk's language (ui/refusal-text.ts), `problem` in English. */
  | (AnswerBase & CodeRefusal & { kind: 'invalid' })
  | (AnswerBase & { kind: 'shipment'; token: string })
  | (AnswerBase & { kind: 'error'; error: DeskError })
  | (AnswerBase & { kind: 'unreadable'; burst: RejectedBurst });

export type AnswerTone = 'found' | 'not_found' | 'error' | 'info';

export function toneOf(answer: Answer): AnswerTone {
  switch (answer.kind) {
    case 'stock':
      return 'found';
    case 'shipment':
      return 'info';
    case 'not_found':
      return 'not_found';
    default:
      return 'error';
  }
}

const HISTORY_LENGTH = 12;

export const scanSession = $state<{ current: Answer | null; history: Answer[]; waiting: number; busy: boolean; overflowed: number }>({
  current: null,
  history: [],
  waiting: 0,
  busy: false,
  overflowed: 0,
});

let nextId = 1;
/** Bumped by forgetScans: an answer looked up before it came from another account's records. */
let epoch = 0;
let onAnswer: (answer: Answer) => void = () => {};

function sound(tone: AnswerTone): void {
  const map: Record<AnswerTone, Tone> = { found: 'found', not_found: 'not_found', error: 'error', info: 'found' };
  playTone(map[tone], settings.value.soundsMuted);
}


/** The User Timing mark of the latest answer shown (one kept: a day of scans must not pile up entries). */
const ANSWER_MARK = 'scan:answer';

/**
 * Answers shown but not yet in the history: the history and the tone wait until the card has been
 * painted (issue 19: the card is what the worker waits for; the history's re-render and the tone's
 * Web Audio nodes were work between the answer and its frame). A fresh copy or a removal that
 * arrives meanwhile is applied here too, and forgetScans drops them.
 */
let unlisted: Answer[] = [];
let listing: { done: Promise<void>; resolve: () => void } | null = null;
/** Longest wait for a frame: a window that is hidden or minimised renders none. */
const LIST_AFTER_MS = 100;

function listAnswers(): void {
  if (unlisted.length === 0) return;
  const shown = unlisted; // oldest first
  unlisted = [];
  scanSession.history = [...[...shown].reverse(), ...scanSession.history].slice(0, HISTORY_LENGTH);
  for (const a of shown) sound(toneOf(a));
  listing?.resolve();
  listing = null;
}

/** After the next frame has been painted (a task after its animation frame), or within LIST_AFTER_MS. */
function listAfterPaint(answer: Answer): void {
  unlisted.push(answer);
  if (listing) return;
  let resolve = (): void => {};
  const done = new Promise<void>((r) => (resolve = r));
  listing = { done, resolve };
  const timer = setTimeout(listAnswers, LIST_AFTER_MS);
  requestAnimationFrame(() =>
    setTimeout(() => {
      clearTimeout(timer);
      listAnswers();
    }, 0),
  );
}

function show(answer: Answer): void {
  // Lets a measurement tell the lookup's transport (Enter to here) from rendering (here to paint).
  performance.clearMarks(ANSWER_MARK);
  performance.mark(ANSWER_MARK, { detail: { code: answer.code, kind: answer.kind } });
  scanSession.current = answer;
  if (answer.kind === 'stock' && answer.refreshing) {
    setTimeout(() => {
      const now = scanSession.current;
      if (now?.id === answer.id && now.kind === 'stock' && now.refreshing) scanSession.current = { ...now, refreshing: false };
    }, REFRESH_GIVE_UP_MS);
  }
  // Shows the Scan screen (or Shipments) with the card: part of the answer, not after it.
  onAnswer(answer);
  listAfterPaint(answer);
}

interface QueuedCode {
  code: string;
  origin: ScanOrigin;
  entry: CodeEntry;
}

async function answer(item: QueuedCode): Promise<void> {
  const base = { id: nextId++, code: item.code, origin: item.origin, entry: item.entry };
  if (item.code.length > MAX_CODE_LENGTH) {
    show({ ...base, at: Date.now(), kind: 'invalid', ...refuse('too_long', { max: MAX_CODE_LENGTH }) });
    return;
  }
  const asked = epoch;
  const sent = ++lookupsSent;
  const result = await call((d) => d.stock.lookup({ code: item.code, entry: item.entry }));
  // The account changed while this was looked up: ask again, in the account that is signed in now.
  if (asked !== epoch) return answer(item);
  const at = Date.now();
  if (!result.ok) {
    show({ ...base, at, kind: 'error', error: result.error });
    return;
  }
  const r = result.value;
  switch (r.kind) {
    case 'stock': {
      // The refresh this answer started can overtake it (events and answers travel apart): a fresh
      // copy replaces it, a removal after it was asked makes it a miss at the service.
      if ((removedAt.get(r.stock.sku) ?? -1) >= sent) {
        show({ ...base, at, kind: 'not_found', searched: 'service' });
        return;
      }
      const fresher = newerThan(r.stock);
      show({
        ...base,
        at,
        kind: 'stock',
        stock: fresher ?? r.stock,
        matchedBy: r.matchedBy,
        refreshing: r.refreshing && !fresher,
        updatedInPlace: false,
        ...(r.gs1 ? { gs1: r.gs1 } : {}),
      });
      return;
    }
    case 'not_found':
      show({ ...base, at, kind: 'not_found', searched: r.searched });
      return;
    case 'invalid':
      show({ ...base, at, kind: 'invalid', why: r.why, params: r.params, problem: r.problem });
      return;
    case 'shipment':
      show({ ...base, at, kind: 'shipment', token: r.token });
      return;
    case 'worker':
      // A badge: that worker is at the desk (or asked for their PIN). Not a product answer: the card stays.
      badgeScanned(r);
      sound('found');
      return;
  }
}

const queue = new ScanQueue<QueuedCode>({
  handle: answer,
  onChange: () => {
    scanSession.waiting = queue.waiting;
    scanSession.busy = queue.busy;
  },
  onOverflow: (item) => {
    scanSession.overflowed += 1;
    pushNotice({
      level: 'warning',
      code: 'scan_backlog_full',
      message: m.scan_backlog_full({ count: scanSession.overflowed, last: item.code.slice(0, 40) }),
    });
  },
});

/**
 * Queues a code to be answered after those before it. Whitespace around a typed code is ignored.
 * A code picked from the history says how it first came in (`entry`).
 */
export function submitCode(...[code, origin, entry]: [code: string, origin: Exclude<ScanOrigin, 'history'>] | [code: string, origin: 'history', entry: CodeEntry]): boolean {
  const trimmed = origin === 'scanner' ? code : code.trim();
  if (trimmed === '') return false;
  return queue.push({ code: trimmed, origin, entry: origin === 'history' ? entry : entryOf(origin) });
}

/** A fast burst the detector refused (flood, control characters, missing suffix): said clearly. */
export function reportBurst(burst: RejectedBurst): void {
  show({ id: nextId++, code: burst.preview, origin: 'scanner', entry: 'scanned', at: Date.now(), kind: 'unreadable', burst });
}

/**
 * Forgets every answer (the card, the history, the fresh copies seen): they were looked up in the
 * records of an account that is no longer signed in, and must not be shown with the next one's.
 * Scans still queued are answered afterwards, in the account signed in then.
 */
export function forgetScans(): void {
  epoch += 1;
  scanSession.current = null;
  scanSession.history = [];
  unlisted = [];
  listing?.resolve();
  listing = null;
  scanSession.overflowed = 0;
  recentFresh.clear();
  removedAt.clear();
}

/** Resolves when every queued scan has been answered and listed in the history. */
export async function whenScansAnswered(): Promise<void> {
  await queue.whenIdle();
  await listing?.done;
}

/** The latest stock.updated per SKU, a few dozen: an event may arrive before the answer it refreshes. */
// eslint-disable-next-line svelte/prefer-svelte-reactivity -- lookup table, never rendered
const recentFresh = new Map<string, Stock>();
const RECENT_FRESH_MAX = 64;

function newerThan(stock: Stock): Stock | null {
  const fresh = recentFresh.get(stock.sku);
  if (!fresh) return null;
  const newer = fresh.version > stock.version || (fresh.version === stock.version && Date.parse(fresh.confirmedAt) > Date.parse(stock.confirmedAt));
  return newer ? fresh : null;
}

function applyFresh(stock: Stock): void {
  removedAt.delete(stock.sku); // the service has it (again)
  recentFresh.delete(stock.sku);
  recentFresh.set(stock.sku, stock);
  if (recentFresh.size > RECENT_FRESH_MAX) recentFresh.delete(recentFresh.keys().next().value!);
  const replace = (a: Answer): Answer =>
    // An older version (a late event) never replaces a newer one.
    a.kind === 'stock' && a.stock.sku === stock.sku && stock.version >= a.stock.version
      ? // "updated" only when the numbers may have changed, not when the same version was re-confirmed
        { ...a, stock, refreshing: false, updatedInPlace: a.updatedInPlace || stock.version > a.stock.version }
      : a;
  if (scanSession.current) scanSession.current = replace(scanSession.current);
  scanSession.history = scanSession.history.map(replace);
  unlisted = unlisted.map(replace);
}

/** Counts lookups sent; a removal is stamped with the count when it arrived. */
let lookupsSent = 0;
/** SKU -> lookupsSent when main said the service no longer has it (a few dozen kept). */
// eslint-disable-next-line svelte/prefer-svelte-reactivity -- lookup table, never rendered
const removedAt = new Map<string, number>();

function applyRemoved({ sku }: { sku: string }): void {
  removedAt.delete(sku);
  removedAt.set(sku, lookupsSent);
  if (removedAt.size > RECENT_FRESH_MAX) removedAt.delete(removedAt.keys().next().value!);
  recentFresh.delete(sku);
  const gone = (a: Answer): Answer => (a.kind === 'stock' && a.stock.sku === sku ? { id: a.id, code: a.code, origin: a.origin, entry: a.entry, at: a.at, kind: 'not_found', searched: 'service' } : a);
  if (scanSession.current) scanSession.current = gone(scanSession.current);
  scanSession.history = scanSession.history.map(gone);
  unlisted = unlisted.map(gone);
}

/**
 * Wires the session to the app: what happens after each answer (the shell shows the Scan screen,
 * or Shipments for a shipment token) and fresh stock records. Returns the unsubscribe.
 */
export function startScanSession(hooks: { onAnswer?: (answer: Answer) => void } = {}): () => void {
  onAnswer = hooks.onAnswer ?? (() => {});
  const offFresh = onDesk('stock.updated', applyFresh);
  const offRemoved = onDesk('stock.removed', applyRemoved);
  return () => {
    offFresh();
    offRemoved();
    onAnswer = () => {};
  };
}
