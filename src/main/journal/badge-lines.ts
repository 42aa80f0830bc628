import type { LookupResult } from '../../shared/ipc/records';
import { details } from './journal-details';
import type { JournalLine } from './journal';

/**
 * A worker's badge scanned, on the Scan screen or during a count: that worker is at the desk, or,
 * where a PIN is required, was only asked for it. The line says which, never more than happened.
 */
export function badgeLine(code: string, badge: Extract<LookupResult, { kind: 'worker' }>): JournalLine {
  return { kind: 'worker', code, sku: null, details: details(badge.switched ? 'worker_badge' : 'worker_badge_pin', { name: badge.name }), outcome: 'done', requestId: null };
}
