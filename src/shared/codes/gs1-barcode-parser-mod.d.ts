// Types for the parts of gs1-barcode-parser-mod (plain JavaScript, no types shipped) that gs1.ts uses.
declare module 'gs1-barcode-parser-mod' {
  export interface ParsedElement {
    ai: string;
    dataTitle: string;
    /** The element's characters exactly as they were in the code. */
    raw: string;
  }
  export interface ParsedBarcode {
    codeName: string;
    parsedCodeItems: ParsedElement[];
  }
  /** Throws a string (not an Error) when the code is not a valid GS1 element string. */
  export function parseBarcode(barcode: string): ParsedBarcode;
}
