import type { LabelSize } from '../../shared/ipc/label-records';

export interface LabelGeometry {
  /** One label, in mm. */
  width: number;
  height: number;
  /** The page it prints on, in mm: the label itself on a roll, the sheet for A4. */
  page: { width: number; height: number };
  /** Labels across and down a page (1 x 1 on a roll). */
  columns: number;
  rows: number;
  /** `large` has room for every barcode of a template; `small` keeps the ones a scanner reads at that size. */
  layout: 'small' | 'large';
  /** Margin inside the label, in mm: [top/bottom, left/right]. */
  padding: [number, number];
}

const roll = (width: number, height: number, layout: LabelGeometry['layout']): LabelGeometry => ({
  width,
  height,
  page: { width, height },
  columns: 1,
  rows: 1,
  layout,
  padding: layout === 'large' ? [5, 5] : [1.5, 2],
});

export const LABEL_GEOMETRY: Record<LabelSize, LabelGeometry> = {
  '62x29': roll(62, 29, 'small'),
  '57x32': roll(57, 32, 'small'),
  '100x150': roll(100, 150, 'large'),
  // 24 labels of 70 x 37 mm: 3 x 8 fill the sheet's width and leave 0.5 mm top and bottom.
  // Wider margins: a sheet is cut less exactly than a roll, and office printers need a few mm.
  a4: { width: 70, height: 37, page: { width: 210, height: 297 }, columns: 3, rows: 8, layout: 'small', padding: [2.5, 3] },
};

export function labelsPerPage(size: LabelSize): number {
  const g = LABEL_GEOMETRY[size];
  return g.columns * g.rows;
}

/**
 * The narrowest bar a label printer draws reliably: 0.19 mm is 2.2 dots at 300 dpi (GS1's
 * smallest X for Code 128 in general use is 0.17 mm; decoders at 300 dpi lose it below 2 dots).
 */
export const MIN_MODULE_MM = 0.19;

/** Width inside the label's margins, in mm. */
export function contentWidth(g: LabelGeometry): number {
  return g.width - 2 * g.padding[1];
}
