import { badgeLine, details, failedPart, refusalParams, type DeclaredChannels, type WarehouseLabel } from '../journal';
import type { CountScanResult } from '../../shared/ipc/desk-work-records';
import type { LookupResult } from '../../shared/ipc/records';
import type { CountService } from './count-service';

type CountChannel = 'counts.start' | 'counts.current' | 'counts.scan' | 'counts.set' | 'counts.review' | 'counts.decide' | 'counts.submit' | 'counts.abandon';

/**
 * Every change of a count leaves a journal line: who counted what, and who decided on the figures.
 * `badge` is the Scan screen's: a worker's badge scanned during a count puts that worker at the
 * desk, as anywhere else, and counts nothing.
 */
export function countChannels(counts: CountService, warehouse: WarehouseLabel, badge: (input: { code: string }) => LookupResult | undefined): DeclaredChannels<CountChannel> {
  const count = { kind: 'count', code: null, requestId: null } as const;
  return {
    'counts.start': {
      handle: (input) => counts.start(input),
      journal: (_input, c) => ({ ...count, sku: null, details: details('count_started', { count: c.id, warehouse: warehouse(c.warehouseId), skus: c.zone?.length ?? 0 }), outcome: 'done' }),
      journalFailure: (_input, thrown) => ({ kind: 'count', code: null, sku: null, ...failedPart(thrown) }),
    },
    'counts.current': { handle: () => counts.current() },
    'counts.scan': {
      guard: (input): CountScanResult | undefined => {
        const worker = badge(input);
        return worker?.kind === 'worker' ? worker : undefined;
      },
      handle: ({ code }) => counts.scan(code),
      journal: (input, r) =>
        r.kind === 'worker'
          ? badgeLine(input.code, r)
          : r.kind === 'counted'
          ? { kind: 'scan', code: input.code, sku: r.sku, details: details('count_counted', { counted: r.counted, count: r.session.id }), outcome: 'found', requestId: null, entry: input.entry ?? null }
          : {
              kind: 'scan',
              code: input.code,
              sku: null,
              details: details('count_refused', { reason: r.reason, ...(r.refusal ? refusalParams(r.refusal) : { problem: r.message }) }),
              outcome: r.reason === 'invalid' ? 'failed' : 'not_found',
              requestId: null,
              entry: input.entry ?? null,
            },
      journalFailure: (input, thrown) => ({ kind: 'scan', code: input.code, sku: null, entry: input.entry ?? null, ...failedPart(thrown) }),
    },
    // A count typed or corrected by hand, and each line's review decision: who changed the figures.
    'counts.set': {
      handle: ({ sku, counted }) => counts.set(sku, counted),
      journal: (input, c) => ({ ...count, sku: input.sku, details: details('count_set', { counted: input.counted, count: c.id }), outcome: 'done' }),
      journalFailure: (input, thrown) => ({ kind: 'count', code: null, sku: input.sku, ...failedPart(thrown) }),
    },
    'counts.review': { handle: () => counts.review() },
    'counts.decide': {
      handle: ({ sku, decision }) => counts.decide(sku, decision),
      journal: (input, c) => ({ ...count, sku: input.sku, details: details('count_decided', { decision: input.decision, count: c.id }), outcome: 'done' }),
      journalFailure: (input, thrown) => ({ kind: 'count', code: null, sku: input.sku, ...failedPart(thrown) }),
    },
    'counts.submit': {
      handle: () => counts.submit(),
      journal: (_input, c) => {
        const submitted = c.lines.filter((l) => l.submittedAt !== null);
        const queued = submitted.filter((l) => l.entry !== null).length;
        const waiting = c.lines.length - submitted.length;
        const params = { count: c.id, warehouse: warehouse(c.warehouseId), queued, unchanged: submitted.length - queued, waiting };
        return { ...count, sku: null, details: details('count_submitted', params), outcome: waiting > 0 ? 'queued' : 'done' };
      },
      journalFailure: (_input, thrown) => ({ kind: 'count', code: null, sku: null, ...failedPart(thrown) }),
    },
    'counts.abandon': {
      handle: () => counts.abandon(),
      journal: (_input, c) => ({ ...count, sku: null, details: details('count_abandoned', { count: c.id, warehouse: warehouse(c.warehouseId) }), outcome: 'discarded' }),
      journalFailure: (_input, thrown) => ({ kind: 'count', code: null, sku: null, ...failedPart(thrown) }),
    },
  };
}
