import type { CountReview, CountScanResult, CountSession } from '../../../shared/ipc/desk-work-records';
import type { DeskError } from '../../../shared/ipc/result';
import { ScanQueue } from '../scan/queue';
import { playTone } from '../scan/tones';
import { call, onDesk } from './desk';
import { settings } from './settings.svelte';
import { badgeScanned } from './workers.svelte';

/**
 * The open stock-take, as main holds it (every scan is saved there before it is answered). While
 * one is open, the scanner's codes come here instead of the lookup, in order, none dropped.
 */
export type CountStep = 'counting' | 'review' | 'submitted';

export const count = $state<{
  session: CountSession | null;
  /** The count just submitted, with its adjustments, for the summary and its Undo buttons. */
  done: CountSession | null;
  step: CountStep;
  last: CountScanResult | null;
  review: CountReview | null;
  progress: { done: number; total: number } | null;
  waiting: number;
  busy: boolean;
  error: DeskError | null;
  loaded: boolean;
}>({ session: null, done: null, step: 'counting', last: null, review: null, progress: null, waiting: 0, busy: false, error: null, loaded: false });

export function countOpen(): boolean {
  return count.session?.state === 'open';
}

export async function loadCount(): Promise<void> {
  const r = await call((d) => d.counts.current());
  if (r.ok) {
    count.session = r.value;
    count.loaded = true;
  } else count.error = r.error;
}

// Only the scanner counts by code (App's claim): a count typed by hand is `counts.set`.
async function scanOne(code: string): Promise<void> {
  const r = await call((d) => d.counts.scan({ code, entry: 'scanned' }));
  if (!r.ok) {
    count.error = r.error;
    playTone('error', settings.value.soundsMuted);
    return;
  }
  if (r.value.kind === 'worker') {
    // A badge: that worker is at the desk (or asked for their PIN); the last counted item stays on the card.
    badgeScanned(r.value);
    playTone('found', settings.value.soundsMuted);
    return;
  }
  count.last = r.value;
  if (r.value.kind === 'counted') {
    count.session = r.value.session;
    // A scan while reviewing counts again: back to counting, the review is read afresh after.
    if (count.step === 'review') backToCounting();
  }
  playTone(r.value.kind === 'counted' ? 'found' : 'not_found', settings.value.soundsMuted);
}

const queue = new ScanQueue<string>({
  handle: scanOne,
  onChange: () => {
    count.waiting = queue.waiting;
  },
});

/** A scanned code for the open count. */
export function countCode(code: string): void {
  queue.push(code);
}

export function whenCountScansAnswered(): Promise<void> {
  return queue.whenIdle();
}

async function act<T>(run: () => Promise<{ ok: true; value: T } | { ok: false; error: DeskError }>, then: (value: T) => void): Promise<boolean> {
  count.busy = true;
  count.error = null;
  const r = await run();
  count.busy = false;
  if (!r.ok) {
    count.error = r.error;
    return false;
  }
  then(r.value);
  return true;
}

export function startCount(warehouseId: string, zone: string[] | null): Promise<boolean> {
  return act(
    () => call((d) => d.counts.start({ warehouseId, ...(zone ? { zone } : {}) })),
    (s) => {
      count.session = s;
      count.done = null;
      count.last = null;
      count.review = null;
      count.step = 'counting';
    },
  );
}

export function setCounted(sku: string, counted: number): Promise<boolean> {
  return act(
    () => call((d) => d.counts.set({ sku, counted })),
    (s) => {
      count.session = s;
      count.review = null;
    },
  );
}

export function openReview(): Promise<boolean> {
  count.step = 'review';
  return act(
    () => call((d) => d.counts.review()),
    (r) => {
      count.review = r;
      count.session = r.session;
    },
  );
}

export function backToCounting(): void {
  count.step = 'counting';
  count.review = null;
}

export function decide(sku: string, decision: 'accepted' | 'recount'): Promise<boolean> {
  return act(
    () => call((d) => d.counts.decide({ sku, decision })),
    (s) => {
      count.session = s;
      if (count.review) count.review = { ...count.review, session: s, lines: count.review.lines.map((l) => (l.sku === sku ? { ...l, decision: decision } : l)) };
      if (decision === 'recount') count.step = 'counting';
    },
  );
}

export function submitCount(): Promise<boolean> {
  count.progress = null;
  return act(
    () => call((d) => d.counts.submit()),
    (s) => {
      if (s.state === 'submitted') {
        count.done = s;
        count.session = null;
        count.step = 'submitted';
      } else {
        // Some lines wait for the service: the review, read again, shows which.
        count.session = s;
        count.progress = null;
        void openReview();
      }
    },
  );
}

export function abandonCount(): Promise<boolean> {
  return act(
    () => call((d) => d.counts.abandon()),
    () => {
      count.session = null;
      count.review = null;
      count.step = 'counting';
    },
  );
}

/** Another account took over: its count is not this one's. */
export function forgetCount(): void {
  count.session = null;
  count.done = null;
  count.review = null;
  count.last = null;
  count.step = 'counting';
  void loadCount();
}

export function startCountState(): () => void {
  void loadCount();
  return onDesk('counts.progress', (p) => {
    if (p.sessionId === count.session?.id) count.progress = { done: p.done, total: p.total };
  });
}
