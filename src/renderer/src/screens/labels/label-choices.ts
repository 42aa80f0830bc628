import { TEST_SHEET } from '../../../../shared/codes/scanner-test-sheet';
import { m } from '../../i18n/messages';
import type { LabelItem, LabelSize } from '../../../../shared/ipc/label-records';

/** What the worker asked to print labels for, from the screen they were on. */
export type LabelTarget =
  | { kind: 'stock'; skus: string[]; warehouseId?: string | undefined; hasGtin: boolean }
  /** `cancelled`: the dialog warns before printing, and the label prints marked CANCELLED. */
  | { kind: 'shipment'; token: string; reference: string; cancelled?: boolean }
  /** The scanner setup check's test sheet, a label for each of its codes. */
  | { kind: 'scanner-test' };

export const SIZE_CHOICES: { size: LabelSize; title: string; hint: string }[] = [
  { size: '62x29', title: '62 × 29 mm', get hint() { return m.labelsize_small_roll(); } },
  { size: '57x32', title: '57 × 32 mm', get hint() { return m.labelsize_small_roll(); } },
  { size: '100x150', title: '100 × 150 mm', hint: '4 × 6 in' },
  { size: 'a4', get title() { return m.labelsize_a4(); }, get hint() { return m.labelsize_a4_hint({ n: 24 }); } },
];

/**
 * The size a dialog starts on: a parcel label is a 4 x 6 in (100 x 150 mm) label, the carriers'
 * size; shelf and product labels, and the test sheet's codes, fit the small roll.
 */
export function defaultSize(target: LabelTarget): LabelSize {
  return target.kind === 'shipment' ? '100x150' : '62x29';
}

export interface LabelForm {
  template: 'shelf' | 'product';
  lot: string;
  expiry: string;
}

/** The items of a print job, from the target and what the form says. */
export function labelItems(target: LabelTarget, form: LabelForm): LabelItem[] {
  if (target.kind === 'shipment') return [{ template: 'shipment', token: target.token }];
  if (target.kind === 'scanner-test') return TEST_SHEET.map((code) => ({ template: 'scanner-test', code: code.id }));
  if (form.template === 'shelf') return target.skus.map((sku) => ({ template: 'shelf', sku, ...(target.warehouseId ? { warehouseId: target.warehouseId } : {}) }));
  const lot = form.lot.trim();
  return target.skus.map((sku) => ({ template: 'product', sku, ...(lot ? { lot } : {}), ...(form.expiry ? { expiry: form.expiry } : {}) }));
}
