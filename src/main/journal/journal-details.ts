import type { JournalWhat } from '../../shared/ipc/desk-work-records';
import type { CodeRefusal } from '../../shared/ipc/code-refusal';
import type { OutboxEntry } from '../../shared/ipc/records';
import type { DeskError } from '../../shared/ipc/result';

/**
 * A journal line's details: the sentence (`what`) and its values as data, which the screens word in
 * the desk's language (renderer screens/journal/journal-details.ts), and the same in English for
 * the CSV export. The export stays English whatever the desk's language: like its column names and
 * its codes, it is a record for the office and support, and two exports of the same day should read
 * the same whoever made them.
 */

/** A warehouse as a worker knows it (its code), or its id when the cache does not know it. */
export type WarehouseLabel = (id: string) => string;

type Params = JournalWhat['params'];

export function details(what: JournalWhat['what'], params: Params = {}, error?: JournalWhat['error']): JournalWhat {
  return error ? { what, params, error } : { what, params };
}

/** Where a transfer leg's stock goes (the out leg) or comes from (the in leg): the other warehouse of its transfer. */
export type TransferLeg = { leg: 'out'; to: string } | { leg: 'in'; from: string };

/**
 * An adjustment's values: its change, where, and why. A transfer leg's reason is the API's `other`
 * (the API has no transfer reason): it also says the other warehouse, so the line reads as the
 * Scan screen does, "transfer to North annex" rather than "other".
 */
export const adjustmentParams = (label: WarehouseLabel, e: Pick<OutboxEntry, 'delta' | 'warehouseId' | 'reason'>, leg: TransferLeg | null = null): Params => ({
  delta: e.delta,
  warehouse: label(e.warehouseId),
  reason: e.reason,
  ...(leg?.leg === 'out' ? { transferTo: label(leg.to) } : leg?.leg === 'in' ? { transferFrom: label(leg.from) } : {}),
});

export function deskErrorDetails(e: Pick<DeskError, 'code' | 'message' | 'reason' | 'params'>): NonNullable<JournalWhat['error']> {
  return { code: e.code, message: e.message, ...(e.reason !== undefined ? { reason: e.reason } : {}), ...(e.params !== undefined ? { params: e.params } : {}) };
}

/** A refused code's values: its English problem (the export's words), why, and what that names, side by side. */
export const refusalParams = (r: CodeRefusal): Params => ({ ...r.params, why: r.why, problem: r.problem });

const signed = (delta: unknown): string => (typeof delta === 'number' && delta > 0 ? `+${delta}` : String(delta));
const why = (p: Params): string =>
  p['transferTo'] !== undefined ? `transfer to ${p['transferTo']}` : p['transferFrom'] !== undefined ? `transfer from ${p['transferFrom']}` : String(p['reason']).replace('_', ' ');
const adjustment = (p: Params): string => `${signed(p['delta'])} at ${p['warehouse']} (${why(p)})`;

const ENGLISH: Record<JournalWhat['what'], (p: Params) => string> = {
  stock_found: (p) => `${p['name']}: ${p['onHand']} on hand`,
  shipment_found: (p) => `shipment ${p['token']}`,
  worker_badge: (p) => `${p['name']} is at the desk (badge scanned)`,
  worker_badge_pin: (p) => `Badge of ${p['name']} scanned: asked for their PIN`,
  not_in_cache: () => 'not in the offline cache',
  not_found: () => 'not found',
  invalid_code: (p) => String(p['problem']),
  failed: () => '',
  adjustment,
  undo_withdrawn: (p) => `${adjustment(p)} withdrawn before it was sent`,
  undo_reversed: (p) => `${adjustment(p)} reversed by ${signed(p['reversalDelta'])}`,
  resolve_dropped: (p) => `${adjustment(p)} dropped after its outcome stayed unknown`,
  resolve_resent: (p) => `${adjustment(p)} sent again under a new key after its outcome stayed unknown`,
  resolve_applied: (p) => `${adjustment(p)} taken as applied after its outcome stayed unknown`,
  to_check_checked: (p) => `${signed(p['delta'])} at ${p['warehouse']} (${p['why'] === 'transfer' ? 'part of a move between warehouses' : 'linked to an undo'}) checked by hand after the cache was rebuilt`,
  transfer: (p) => `${p['quantity']} from ${p['from']} to ${p['to']} (${p['transfer']})`,
  transfer_undone: (p) => `move of ${p['quantity']} from ${p['from']} to ${p['to']} undone (${p['transfer']})`,
  count_started: (p) => `count ${p['count']} started at ${p['warehouse']}${p['skus'] ? ` (${p['skus']} SKUs)` : ''}`,
  count_counted: (p) => `counted: ${p['counted']} so far (count ${p['count']})`,
  count_refused: (p) => `not counted: ${p['problem']}`,
  count_set: (p) => `count set to ${p['counted']} (count ${p['count']})`,
  count_decided: (p) => `${p['decision'] === 'accepted' ? 'accepted' : 'to be counted again'} (count ${p['count']})`,
  count_submitted: (p) =>
    `count ${p['count']} at ${p['warehouse']}: ${p['queued']} adjustments queued, ${p['unchanged']} unchanged${Number(p['waiting']) > 0 ? `, ${p['waiting']} wait for the service` : ''}`,
  count_abandoned: (p) => `count ${p['count']} at ${p['warehouse']} abandoned`,
  shipment_created: (p) => `shipment ${p['reference']} (${p['carrier']})`,
  shipment_create: (p) => `shipment ${p['reference']}`,
  shipment_cancelled: (p) => `shipment ${p['reference']} cancelled`,
  shipment_deleted: (p) => `shipment ${p['token']} deleted`,
  policy_applied: (p) => `IT policy ${p['file']} applied: ${p['locked']} settings locked, ${p['preset']} preset`,
  setting_changed: (p) => `settings changed: ${p['settings']} from ${p['from']} to ${p['to']}`,
  signed_in: (p) => `signed in as ${p['client']} at ${p['service']}`,
  sign_in: (p) => `sign-in as ${p['client']} at ${p['service']}`,
  signed_out: (p) => (p['client'] ? `signed out of ${p['client']}` : 'left the demo'),
  demo_started: () => 'demo mode started',
  policy_refused: (p) => `IT policy ${p['entry'] ? `entry ${p['entry']} ignored` : 'file not used'}: ${p['detail']}`,
  labels_printed: (p) => `${p['labels']} ${p['label']} labels on ${p['printer']}`,
  minimum_set: (p) => `minimum ${p['minimum']}${p['reorder'] === '' ? '' : `, reorder ${p['reorder']}`} at ${p['warehouse'] || 'all warehouses'}`,
  sync_failed: () => 'sync failed',
  exported: (p) => `${p['rows']} rows of the ${String(p['list']).replace('_', ' ')} list exported to ${p['file']}`,
  support_file: (p) => `support file saved as ${p['file']}`,
  minimum_cleared: (p) => `minimum at ${p['warehouse'] || 'all warehouses'} removed`,
  minimums_imported: (p) => `${p['applied']} minimums set from ${p['file']}${Number(p['problems']) > 0 ? `, ${p['problems']} lines left out` : ''}`,
  adjustments_imported: (p) =>
    `${p['queued']} adjustments queued from ${p['file']}${Number(p['unchanged']) > 0 ? `, ${p['unchanged']} counted lines already right` : ''}${Number(p['problems']) > 0 ? `, ${p['problems']} lines left out` : ''}`,
  count_list_imported: (p) => `count ${p['count']} at ${p['warehouse']} started from ${p['file']} with ${p['skus']} SKUs${Number(p['problems']) > 0 ? `, ${p['problems']} lines left out` : ''}`,
  approval_granted: (p) => p['action'] === 'worker' ? `${p['approver']} approved a change to ${p['name']}'s PIN or role` : `${p['approver']} approved ${signed(p['delta'])} of ${p['sku']} at ${p['warehouse']}`,
  approval_refused: (p) => p['action'] === 'worker' ? `approval${p['approver'] ? ` by ${p['approver']}` : ''} of a change to ${p['name']}'s PIN or role refused` : `approval${p['approver'] ? ` by ${p['approver']}` : ''} of ${signed(p['delta'])} of ${p['sku']} at ${p['warehouse']} refused`,
  pin_set: (p) => `PIN of ${p['name']} ${p['pin'] === 'cleared' ? 'removed' : 'set'}`,
  role_set: (p) => `${p['name']} is now a ${p['role']}`,
  worker_refused: (p) => `${p['name'] || 'A worker'} could not start at the desk`,
};

/** The line in English, as the CSV export carries it: the sentence, then the error's code and message. */
export function englishSummary(d: JournalWhat): string {
  const said = ENGLISH[d.what](d.params);
  if (!d.error) return said;
  const error = d.error.message ? `${d.error.code}: ${d.error.message}` : d.error.code;
  return said ? `${said}: ${error}` : error;
}
