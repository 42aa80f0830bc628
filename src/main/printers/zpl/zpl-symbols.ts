import bwipjs from 'bwip-js/node';
import { failure } from '../../../shared/ipc/result';
import type { Barcode } from '../../labels';
import { code128Field } from './code128';
import type { Dots } from './dots';

/** Where a symbol may go: its top left corner and the room it may take, quiet zones included, in dots. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
  /** A 2D symbol centred across the box; else at its left, where the caller places text beside it. */
  centre?: boolean;
}

/** A drawn symbol and the room it took, quiet zones included. */
export interface DrawnSymbol {
  zpl: string;
  width: number;
  height: number;
}

/** Quiet zones in modules, each side: 10 for Code 128 (ISO/IEC 15417), 11 for EAN/UPC, 7 for EAN-8, 4 round a QR code, 2 round a DataMatrix. */
const QUIET = { code128: 10, ean: 11, ean8: 7, qrcode: 4, datamatrix: 2 } as const;

/** Widest module we draw: a short SKU on a wide label would otherwise print bars a centimetre wide. */
const MAX_LINEAR_MODULE_MM = 0.5;

function linearModule(room: number, modules: number, dots: Dots, maxMm = MAX_LINEAR_MODULE_MM): number | null {
  const module = Math.min(Math.floor(room / modules), Math.max(dots.minModule, dots.of(maxMm)), 10);
  return module >= dots.minModule ? module : null;
}

/** Centred across the box, the quiet zone left of the first bar. */
function linearAt(box: Box, module: number, modules: number, quiet: number): { x: number; width: number } {
  const width = (modules + 2 * quiet) * module;
  return { x: box.x + Math.floor((box.width - width) / 2) + quiet * module, width };
}

function code128(code: Barcode, box: Box, dots: Dots): DrawnSymbol | null {
  const gs1 = code.symbology === 'gs1-128';
  const field = code128Field(gs1 ? code.reads : code.data, gs1);
  const module = linearModule(box.width, field.modules + 2 * QUIET.code128, dots);
  if (module === null) return null;
  const at = linearAt(box, module, field.modules, QUIET.code128);
  return { zpl: `^FO${at.x},${box.y}^BY${module}^BCN,${box.height},N,N,N,N^FD${field.fd}^FS`, width: at.width, height: box.height };
}

/** EAN-13, and UPC-A drawn as the EAN-13 it is (a leading 0): the same bars, which every ZPL interpreter draws alike. */
function ean13(code: Barcode, box: Box, dots: Dots): DrawnSymbol | null {
  const digits = code.symbology === 'upca' ? `0${code.data}` : code.data;
  const module = linearModule(box.width, 95 + 2 * QUIET.ean, dots, 0.33);
  if (module === null) return null;
  const at = linearAt(box, module, 95, QUIET.ean);
  // The printer adds the check digit itself to the first 12, and draws the guard bars 5 modules
  // longer than the rest: the bars get the box's height less those.
  const bars = Math.max(module, box.height - 5 * module);
  return { zpl: `^FO${at.x},${box.y}^BY${module}^BEN,${bars},N,N^FD${digits.slice(0, 12)}^FS`, width: at.width, height: box.height };
}

/** EAN-8 as bars (^GB boxes) from BWIPP's encoding: not every ZPL interpreter has `^B8`. */
function ean8(code: Barcode, box: Box, dots: Dots): DrawnSymbol | null {
  const module = linearModule(box.width, 67 + 2 * QUIET.ean8, dots, 0.33);
  if (module === null) return null;
  const at = linearAt(box, module, 67, QUIET.ean8);
  const raw = bwipjs.raw('ean8', code.data, {})[0];
  const sbs: number[] = raw && 'sbs' in raw ? raw.sbs : [];
  let x = at.x;
  let zpl = '';
  sbs.forEach((run, i) => {
    const w = run * module;
    if (i % 2 === 0) zpl += `^FO${x},${box.y}^GB${w},${box.height},${w}^FS`;
    x += w;
  });
  return { zpl, width: at.width, height: box.height };
}

/** Modules across a 2D symbol as BWIPP encodes it: the printer's own encoder picks the same size for this data. */
function matrixModules(bcid: 'qrcode' | 'gs1datamatrix', data: string): number {
  const raw = bwipjs.raw(bcid, data, bcid === 'qrcode' ? 'eclevel=M' : '')[0];
  if (!raw || !('pixx' in raw)) throw new Error(`bwip-js gave no matrix for ${bcid}`);
  return raw.pixx;
}

function matrix(code: Barcode, box: Box, dots: Dots): DrawnSymbol | null {
  if (/[\^~]/.test(code.data)) return null;
  const qr = code.symbology === 'qrcode';
  const quiet = qr ? QUIET.qrcode : QUIET.datamatrix;
  const n = matrixModules(qr ? 'qrcode' : 'gs1datamatrix', code.data) + 2 * quiet;
  const module = Math.min(Math.floor(box.width / n), Math.floor(box.height / n), 10);
  if (module < dots.minModule) return null;
  const x = box.x + (box.centre ? Math.floor((box.width - n * module) / 2) : 0) + quiet * module;
  const y = box.y + quiet * module;
  // GS1 DataMatrix: ECC 200, FNC1 first (`#1` with `#` as the escape, a character GS1 data never holds), FNC1 between fields.
  const zpl = qr ? `^FO${x},${y}^BQN,2,${module}^FDMA,${code.data}^FS` : `^FO${x},${y}^BXN,${module},200,0,0,6,#,1^FD#1${code.reads.replaceAll('\u001d', '#1')}^FS`;
  return { zpl, width: n * module, height: n * module };
}

/** The symbol drawn in the box, or null when its modules would come out thinner than the printer draws reliably. */
export function symbolIfReadable(code: Barcode, box: Box, dots: Dots): DrawnSymbol | null {
  switch (code.symbology) {
    case 'code128':
    case 'gs1-128':
      return code128(code, box, dots);
    case 'ean13':
    case 'upca':
      return ean13(code, box, dots);
    case 'ean8':
      return ean8(code, box, dots);
    case 'qrcode':
    case 'gs1datamatrix':
      return matrix(code, box, dots);
  }
}

/** The symbol, or a typed refusal naming the label as too small for it. */
export function symbol(code: Barcode, box: Box, dots: Dots): DrawnSymbol {
  const drawn = symbolIfReadable(code, box, dots);
  if (drawn) return drawn;
  const width = Math.round(box.width / dots.perMm);
  throw failure('label_not_printable', `${code.data} is too long for a readable barcode ${width} mm wide; choose a wider label (100 x 150 mm fits the most).`, {
    reason: 'too_long',
    params: { code: code.data.slice(0, 300), width },
  });
}
