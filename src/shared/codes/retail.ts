import { upcE } from 'gtin';
import { toGtin14 } from '../gtin';
import { hasGs1CheckDigit } from './check-digits';

/** The retail and trade item barcodes that carry a bare GTIN. */
export type RetailFormat = 'ean13' | 'ean8' | 'upca' | 'upce' | 'gtin14' | 'isbn' | 'issn';

export interface RetailGtin {
  format: RetailFormat;
  /** GTIN-14 candidates to look up in order (an 8-digit code may be an EAN-8 or a UPC-E), each with a valid check digit when `checkDigitOk`. */
  gtin14: string[];
  checkDigitOk: boolean;
}

function expandUpcE(code: string): string | null {
  try {
    const expanded = upcE.expand(code);
    return hasGs1CheckDigit(expanded) ? expanded : null;
  } catch {
    return null;
  }
}

function formatOf13(code: string): RetailFormat {
  // Bookland (978/979) carries an ISBN, 977 an ISSN: both are scanned and looked up as EAN-13.
  if (code.startsWith('978') || code.startsWith('979')) return 'isbn';
  if (code.startsWith('977')) return 'issn';
  return 'ean13';
}

/**
 * A code of 8, 12, 13 or 14 digits as a GTIN, or null for other shapes. `upcEOnly` is set when
 * the scanner said the symbol was a UPC/EAN (not EAN-8), so 8 digits are a UPC-E.
 */
export function retailGtin(code: string, upcEOnly = false): RetailGtin | null {
  if (!/^\d+$/.test(code)) return null;
  switch (code.length) {
    case 8: {
      const expanded = code[0] === '0' || code[0] === '1' ? expandUpcE(code) : null;
      if (upcEOnly && expanded) return { format: 'upce', gtin14: [toGtin14(expanded)], checkDigitOk: true };
      const ean8Ok = hasGs1CheckDigit(code);
      // Not an EAN-8 (its check digit says so): the UPC-A alone. A GTIN with a wrong check digit
      // names no product, and the service refuses it as a filter: the worker read "not valid".
      if (!ean8Ok && expanded) return { format: 'upce', gtin14: [toGtin14(expanded)], checkDigitOk: true };
      // A valid EAN-8 that also reads as a UPC-E: products are registered under one of the two.
      return { format: 'ean8', gtin14: expanded ? [toGtin14(code), toGtin14(expanded)] : [toGtin14(code)], checkDigitOk: ean8Ok || expanded !== null };
    }
    case 12:
      return { format: 'upca', gtin14: [toGtin14(code)], checkDigitOk: hasGs1CheckDigit(code) };
    case 13:
      return { format: formatOf13(code), gtin14: [toGtin14(code)], checkDigitOk: hasGs1CheckDigit(code) };
    case 14:
      return { format: 'gtin14', gtin14: [code], checkDigitOk: hasGs1CheckDigit(code) };
    default:
      return null;
  }
}
