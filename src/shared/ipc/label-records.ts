import { z } from './zod';
import { SCANNER_TEST_CODE_IDS } from '../codes/scanner-test-sheet';
import { IsoDate, ShipmentToken, Sku, WarehouseId } from './records';

/**
 * Label stock the desk prints on: three roll sizes (width x height in mm) and an A4 sheet of
 * 24 labels (3 x 8 of 70 x 37 mm, the common office label sheet).
 */
export const LABEL_SIZES = ['62x29', '57x32', '100x150', 'a4'] as const;
export const LabelSize = z.enum(LABEL_SIZES);
export type LabelSize = z.infer<typeof LabelSize>;

/** GS1 AI 10 (batch/lot): up to 20 characters of the GS1 "CSET 82" alphabet. */
export const GS1_LOT_PATTERN = "^[!\"%&'()*+,\\-./0-9:;<=>?A-Z_a-z]{1,20}$";
export const Lot = z.string().regex(new RegExp(GS1_LOT_PATTERN), 'a lot is 1 to 20 letters, digits or GS1 punctuation');

/** What one label stands for; main reads the rest (name, warehouse, tracking number) from the cache. */
export const LabelItem = z.discriminatedUnion('template', [
  /** Shelf label: SKU, name, warehouse, Code 128 of the SKU. Without a warehouse: the SKU's only one, if any. */
  z.strictObject({ template: z.literal('shelf'), sku: Sku, warehouseId: WarehouseId.optional() }),
  /**
   * Product label: GTIN and name, EAN-13 or UPC-A of the GTIN; with a lot or an expiry date also
   * GS1 DataMatrix (and GS1-128 where the label is wide enough). The GTIN must be one of the SKU's
   * barcodes; without one, the SKU's first GTIN.
   */
  z.strictObject({ template: z.literal('product'), sku: Sku, gtin: z.string().regex(/^\d{8}$|^\d{12,14}$/, 'a GTIN is 8, 12, 13 or 14 digits').optional(), lot: Lot.optional(), expiry: IsoDate.optional() }),
  /** Shipment label: reference, carrier, tracking number (Code 128), QR of the shipment token. */
  z.strictObject({ template: z.literal('shipment'), token: ShipmentToken }),
  /** One code of the scanner setup check's test sheet, with its caption. */
  z.strictObject({ template: z.literal('scanner-test'), code: z.enum(SCANNER_TEST_CODE_IDS) }),
]);
export type LabelItem = z.infer<typeof LabelItem>;

export const PrintLabelsInput = z.strictObject({
  items: z.array(LabelItem).min(1).max(500),
  size: LabelSize,
  /** Copies of each label. */
  copies: z.number().int().min(1).max(100),
  /** `printer`: the system print dialog, or straight to the chosen printer when silent printing is on. `pdf`: Save as PDF. */
  output: z.enum(['printer', 'pdf']),
});
export type PrintLabelsInput = z.infer<typeof PrintLabelsInput>;

export const PrintLabelsResult = z.object({
  output: z.enum(['printer', 'pdf']),
  /** False when the worker closed the print or save dialog without printing. */
  done: z.boolean(),
  labels: z.number().int(),
  pages: z.number().int(),
  /** Where the PDF was saved. */
  path: z.string().nullable(),
});
export type PrintLabelsResult = z.infer<typeof PrintLabelsResult>;

/** What the print dialog shows before printing: the items and size of the job it would print. */
export const PreviewLabelInput = PrintLabelsInput.pick({ items: true, size: true });
export type PreviewLabelInput = z.infer<typeof PreviewLabelInput>;

/**
 * The first label of a job as it will print, drawn by the same templates and stylesheet as the
 * printed page, as one self-contained SVG image (no script, no external resource), so the renderer
 * shows it in an <img> under its own strict CSP.
 */
export const LabelPreview = z.object({
  svg: z.string(),
  size: LabelSize,
  /** The label itself (one cell of an A4 sheet), in mm: the preview's aspect ratio. */
  widthMm: z.number().positive(),
  heightMm: z.number().positive(),
});
export type LabelPreview = z.infer<typeof LabelPreview>;

export const Printer = z.object({ name: z.string(), displayName: z.string() });
export type Printer = z.infer<typeof Printer>;
