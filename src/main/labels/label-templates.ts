import { failure } from '../../shared/ipc/result';
import { barcodeSvg, type Barcode } from './barcodes';
import type { LabelContent } from './label-content';
import { contentWidth, MIN_MODULE_MM, type LabelGeometry } from './label-sizes';
import { SMALL_SIDE_MM, EDGE_MM } from './label-styles';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * A barcode in a box at most `widthMm` wide. A linear code stretches to the box; when even then
 * its bars would be thinner than a printer draws reliably, the label is refused rather than
 * printed unreadable.
 */
function symbol(code: Barcode, className: string, widthMm: number): string {
  const drawn = symbolIfReadable(code, className, widthMm);
  if (drawn === null) {
    const width = Math.round(widthMm);
    throw failure('label_not_printable', `${code.data} is too long for a readable barcode ${width} mm wide; choose a wider label (100 x 150 mm fits the most).`, {
      reason: 'too_long',
      params: { code: code.data.slice(0, 300), width },
    });
  }
  return drawn;
}

/** The symbol, or null when its bars would be too thin in a box `widthMm` wide: for a code the label can do without. */
function symbolIfReadable(code: Barcode, className: string, widthMm: number): string | null {
  const { svg, linear, modules } = barcodeSvg(code);
  if (linear && widthMm / modules < MIN_MODULE_MM) return null;
  return `<div class="code ${linear ? 'linear' : 'matrix'} ${className}" data-symbology="${code.symbology}">${svg}</div>`;
}

/** SKUs run to 64 characters and references to 64: a longer key gets a smaller size and may wrap, never an ellipsis. */
function key(value: string): string {
  const size = value.length <= 13 ? '' : value.length <= 20 ? ' longer' : ' longest';
  return `<div class="key${size}">${escapeHtml(value)}</div>`;
}

function text(className: string, value: string | null): string {
  return value ? `<div class="${className}">${escapeHtml(value)}</div>` : '';
}

/** 2027-12-31 as printed under a GS1 code: the date a worker reads, not the YYMMDD. */
function expiryText(expiry: string | null): string | null {
  return expiry ? `EXP ${expiry}` : null;
}

function shelf(label: Extract<LabelContent, { template: 'shelf' }>, width: number): string {
  const warehouse = label.warehouse ? `${label.warehouse.code} · ${label.warehouse.name}` : null;
  return `<div class="head">${key(label.sku)}${text('where', warehouse)}</div>${text('name', label.name)}${symbol(label.barcode, 'main', width)}`;
}

function product(label: Extract<LabelContent, { template: 'product' }>, layout: LabelGeometry['layout'], width: number): string {
  const gs1 = label.gs1;
  const lotLines = text('small', label.lot ? `LOT ${label.lot}` : null) + text('small', expiryText(label.expiry));
  const side = gs1 ? `<div class="side">${symbol(gs1.dataMatrix, 'dm', SMALL_SIDE_MM)}<div class="lot">${lotLines}</div></div>` : '';
  const head = `${text('name', label.name)}<div class="head">${key(label.gtin)}${text('where', label.sku)}</div>`;
  if (layout === 'small') return `${head}<div class="row">${symbol(label.retail, 'main', side ? width - SMALL_SIDE_MM - 1.5 : width)}${side}</div>`;
  // Large: each symbol on its own line, the GS1-128 full width under the retail code.
  const wideGs1 = gs1 ? symbol(gs1.linear, 'gs1', width) + text('hri', gs1.linear.data) : '';
  return `${head}${symbol(label.retail, 'main', width)}${wideGs1}${side ? `<div class="row">${side}</div>` : ''}`;
}

function shipment(label: Extract<LabelContent, { template: 'shipment' }>, layout: LabelGeometry['layout'], width: number, labelWidth: number): string {
  const details = `${key(label.reference)}${text('where', label.carrier)}${text('small', label.trackingNumber)}`;
  if (layout === 'small') {
    // Under the QR code across the whole label, into its side margins (the symbol draws its own
    // quiet zones), when its bars stay printable: a UPS, DHL or S10 number does; one of 30
    // characters or more does not, and the QR code still opens the shipment.
    const tracking = label.tracking ? symbolIfReadable(label.tracking, 'main', labelWidth - 2 * EDGE_MM) : null;
    return `<div class="row${tracking ? ' above-tracking' : ''}">${symbol(label.qr, 'qr', width)}<div class="details">${details}</div></div>${tracking ?? ''}`;
  }
  // Even here a 40-character tracking number's bars would be too thin: then the QR code alone.
  const trackingCode = label.tracking ? symbolIfReadable(label.tracking, 'main', width) : null;
  const tracking = label.tracking && trackingCode ? trackingCode + text('hri', label.tracking.data) : '';
  return `<div class="details">${details}</div>${symbol(label.qr, 'qr', width)}${tracking}`;
}

/** A code of the scanner test sheet: its number and caption, as the setup check names it, and the code, with its text under it. */
function scannerTest(label: Extract<LabelContent, { template: 'scanner-test' }>, layout: LabelGeometry['layout'], width: number, labelWidth: number): string {
  // The GS1 code needs the small labels' side margins to keep its bars printable on 57 x 32 mm.
  const room = layout === 'small' ? labelWidth - 2 * EDGE_MM : width;
  return `<div class="head">${text('key', `${label.number}. ${label.title}`)}</div>${symbol(label.barcode, 'main', room)}${text('hri', label.barcode.data)}`;
}

/**
 * A cancelled shipment's label: CANCELLED across it, over the codes, in English like the rest of
 * the label (a parcel travels further than the desk's language).
 */
function voidMark(label: LabelContent): string {
  return label.template === 'shipment' && label.cancelled ? '<div class="void" data-testid="void-mark">CANCELLED</div>' : '';
}

/** One label's inner HTML: every value escaped, every barcode an inline SVG from bwip-js. */
export function labelHtml(label: LabelContent, geometry: LabelGeometry): string {
  const width = contentWidth(geometry);
  const body = (() => {
    switch (label.template) {
      case 'shelf':
        return shelf(label, width);
      case 'product':
        return product(label, geometry.layout, width);
      case 'shipment':
        return shipment(label, geometry.layout, width, geometry.width);
      case 'scanner-test':
        return scannerTest(label, geometry.layout, width, geometry.width);
    }
  })();
  return `<section class="label ${label.template} ${geometry.layout}">${body}${voidMark(label)}</section>`;
}
