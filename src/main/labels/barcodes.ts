import bwipjs from 'bwip-js/node';
import { failure } from '../../shared/ipc/result';

/** The symbologies a label carries, each drawn by bwip-js (BWIPP), never by hand. */
export type Symbology = 'code128' | 'ean13' | 'upca' | 'ean8' | 'gs1-128' | 'gs1datamatrix' | 'qrcode';

export interface Barcode {
  symbology: Symbology;
  /** What bwip-js encodes: plain text, or a GS1 element string with bracketed AIs for the GS1 ones. */
  data: string;
  /** What a scanner reads back (GS1: AIs without brackets, FNC1 after a variable-length field as GS). */
  reads: string;
}

export interface BarcodeSvg {
  svg: string;
  /** 1D codes stretch to the box they are given; 2D codes keep their square modules. */
  linear: boolean;
  /** Modules across, quiet zones included. */
  modules: number;
}

const LINEAR: ReadonlySet<Symbology> = new Set(['code128', 'ean13', 'upca', 'ean8', 'gs1-128']);

/**
 * Quiet zones, in bwip units at scale 1 (a linear module is 1 unit, a 2D module 2): 10 modules
 * each side of a linear code (ISO/IEC 15417, GS1), 4 modules round a QR code, 2 round a DataMatrix
 * (its standard asks for 1). Drawn into the symbol, so no template can crop them away.
 */
function padding(symbology: Symbology): { paddingwidth: number; paddingheight: number } {
  if (symbology === 'qrcode') return { paddingwidth: 8, paddingheight: 8 };
  if (symbology === 'gs1datamatrix') return { paddingwidth: 4, paddingheight: 4 };
  // EAN/UPC need 11 and 7 modules; BWIPP draws their guard bars with the quiet zone included.
  return { paddingwidth: 11, paddingheight: 0 };
}

export function barcodeSvg(code: Barcode): BarcodeSvg {
  const linear = LINEAR.has(code.symbology);
  let svg: string;
  try {
    svg = bwipjs.toSVG({
      bcid: code.symbology,
      text: code.data,
      scale: 1,
      ...(linear ? { height: 12 } : {}),
      ...padding(code.symbology),
      ...(code.symbology === 'qrcode' ? { eclevel: 'M' } : {}),
    });
  } catch (error) {
    // BWIPP refuses data its symbology cannot carry (a lot with a parenthesis, which its GS1
    // syntax reads as the start of an AI): the worker's input, so a typed refusal, not a crash.
    throw failure('label_not_printable', `${code.data} cannot be drawn as ${code.symbology}: ${error instanceof Error ? error.message.replace(/^bwipp\.\w+#\d+: /, '') : String(error)}.`, {
      reason: 'cannot_draw',
      params: { code: code.data.slice(0, 300), symbology: code.symbology },
    });
  }
  // bwip-js gives a viewBox only: the template sizes the symbol. At scale 1 a linear module is 1 unit, a 2D one 2.
  const width = Number(/viewBox="0 0 ([\d.]+) /.exec(svg)?.[1]);
  if (!Number.isFinite(width) || width <= 0) throw new Error(`bwip-js drew ${code.symbology} without a viewBox`);
  // No shape-rendering="crispEdges": Chromium's print path then snaps each bar to its CSS pixel
  // grid (0.26 mm), so a stretched code's modules come out one or two pixels wide and a dense
  // Code 128 stops reading (seen on 62 x 29 mm and the A4 sheet).
  const sized = svg.replace('<svg ', `<svg preserveAspectRatio="${linear ? 'none' : 'xMidYMid meet'}" `);
  return { svg: sized, linear, modules: linear ? width : width / 2 };
}
