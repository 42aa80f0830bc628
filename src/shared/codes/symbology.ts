/**
 * Symbology identifiers (ISO/IEC 15424, "AIM identifiers"): three characters `]` + letter +
 * modifier that a scanner can be set to send before each code. They say which kind of barcode
 * was read, so the parser knows a GS1 element string from a plain Code 128 text.
 */

export interface Symbology {
  /** The identifier as sent, e.g. `]C1`. */
  id: string;
  /** Plain name for the worker, e.g. "GS1-128". */
  name: string;
  /** The data is a GS1 element string (AIs), FNC1 in first position. */
  gs1: boolean;
}

const KNOWN: Record<string, { name: string; gs1: boolean }> = {
  C0: { name: 'Code 128', gs1: false },
  C1: { name: 'GS1-128', gs1: true },
  C2: { name: 'Code 128 (FNC1 in second position)', gs1: false },
  C4: { name: 'Code 128', gs1: false },
  E0: { name: 'EAN/UPC', gs1: false },
  E1: { name: 'EAN/UPC add-on', gs1: false },
  E2: { name: 'EAN/UPC add-on', gs1: false },
  E3: { name: 'EAN/UPC with add-on', gs1: false },
  E4: { name: 'EAN-8', gs1: false },
  e0: { name: 'GS1 DataBar', gs1: true },
  d1: { name: 'Data Matrix', gs1: false },
  d2: { name: 'GS1 DataMatrix', gs1: true },
  Q1: { name: 'QR Code', gs1: false },
  Q3: { name: 'GS1 QR Code', gs1: true },
  J1: { name: 'GS1 DotCode', gs1: true },
  A0: { name: 'Code 39', gs1: false },
  I0: { name: 'Interleaved 2 of 5', gs1: false },
  I1: { name: 'Interleaved 2 of 5', gs1: false },
  L0: { name: 'PDF417', gs1: false },
  L2: { name: 'PDF417', gs1: false },
  z0: { name: 'Aztec Code', gs1: false },
  U0: { name: 'MaxiCode', gs1: false },
  U1: { name: 'MaxiCode', gs1: false },
  U2: { name: 'MaxiCode', gs1: false },
  U3: { name: 'MaxiCode', gs1: false },
};

const IDENTIFIER = /^\]([A-Za-z])([0-9A-Za-z])/;

/** Splits a leading symbology identifier off `code`; an unknown but well-formed one is still stripped. */
export function splitSymbology(code: string): { symbology: Symbology | null; body: string } {
  const match = IDENTIFIER.exec(code);
  if (!match) return { symbology: null, body: code };
  const key = `${match[1]}${match[2]}`;
  const known = KNOWN[key];
  return {
    symbology: { id: `]${key}`, name: known?.name ?? `symbology ]${key}`, gs1: known?.gs1 ?? false },
    body: code.slice(3),
  };
}
