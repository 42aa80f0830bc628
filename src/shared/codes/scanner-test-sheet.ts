import { GS } from './gs1';

/**
 * The scanner setup check's test sheet: the codes the worker scans to tell what is wrong with a
 * scanner's setup. Shared: the renderer judges the keys a scan delivers against `text`; main
 * prints the sheet through the label templates.
 */
export const SCANNER_TEST_CODE_IDS = ['layout', 'gs1', 'digits'] as const;

export interface SheetCode {
  id: (typeof SCANNER_TEST_CODE_IDS)[number];
  /** Caption on the sheet. */
  title: string;
  /** What the barcode holds (GS as ASCII 29); what a right setup delivers. */
  text: string;
  /** bwip-js symbology and its text for drawing it. */
  bcid: 'code128' | 'gs1-128' | 'ean13';
  drawText: string;
}

/** Chosen so each tells something: letters that layouts move (A/Q, Z/W, Y/Z), lower case, shifted symbols; a GS1 separator; digits only. */
export const TEST_SHEET: readonly SheetCode[] = [
  { id: 'layout', title: 'Letters and symbols', text: 'Az-Qy%(5)/W1', bcid: 'code128', drawText: 'Az-Qy%(5)/W1' },
  { id: 'gs1', title: 'GS1 carton label', text: `0104012345678901101A2B${GS}17261231`, bcid: 'gs1-128', drawText: '(01)04012345678901(10)1A2B(17)261231' },
  { id: 'digits', title: 'Digits only (EAN-13)', text: '4006381333931', bcid: 'ean13', drawText: '4006381333931' },
];
