import type { z } from 'zod';
import type { PrinterDpi as PrinterDpiSchema } from '../../../shared/ipc/printer-records';
import { MIN_MODULE_MM } from '../../labels';

/** The resolutions thermal label printers come in (the profile's schema lists them). */
export type PrinterDpi = z.infer<typeof PrinterDpiSchema>;

/** Dots per mm as the printers count them: 203 dpi is 8, 300 dpi is 12, 600 dpi is 24. */
const DOTS_PER_MM: Record<PrinterDpi, number> = { 203: 8, 300: 12, 600: 24 };

export interface Dots {
  dpi: PrinterDpi;
  perMm: number;
  /** mm to whole dots, rounded: every position and size a printer is sent is in dots. */
  of(mm: number): number;
  /**
   * The narrowest bar, in whole dots: never under 2 (one-dot bars blur on a worn head), else the
   * desk's 0.19 mm minimum rounded (2 dots at 203 and 300 dpi, 5 at 600).
   */
  minModule: number;
}

export function dotsAt(dpi: PrinterDpi): Dots {
  const perMm = DOTS_PER_MM[dpi];
  return { dpi, perMm, of: (mm) => Math.round(mm * perMm), minModule: Math.max(2, Math.round(MIN_MODULE_MM * perMm)) };
}
