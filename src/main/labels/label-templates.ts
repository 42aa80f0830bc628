import { barcodeSvg, type Barcode } from './barcodes';
import type { LabelContent } from './label-content';
import type { LabelGeometry } from './label-sizes';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

function symbol(code: Barcode, className: string): string {
  const { svg, linear } = barcodeSvg(code);
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

function shelf(label: Extract<LabelContent, { template: 'shelf' }>): string {
  const warehouse = label.warehouse ? `${label.warehouse.code} · ${label.warehouse.name}` : null;
  return `<div class="head">${key(label.sku)}${text('where', warehouse)}</div>${text('name', label.name)}${symbol(label.barcode, 'main')}`;
}

function product(label: Extract<LabelContent, { template: 'product' }>, layout: LabelGeometry['layout']): string {
  const gs1 = label.gs1;
  const lotLine = [label.lot ? `LOT ${label.lot}` : null, expiryText(label.expiry)].filter(Boolean).join('  ');
  const side = gs1 ? `<div class="side">${symbol(gs1.dataMatrix, 'dm')}${text('small', lotLine)}</div>` : '';
  const head = `${text('name', label.name)}<div class="head">${key(label.gtin)}${text('where', label.sku)}</div>`;
  if (layout === 'small') return `${head}<div class="row">${symbol(label.retail, 'main')}${side}</div>`;
  // Large: each symbol on its own line, the GS1-128 full width under the retail code.
  const wideGs1 = gs1 ? symbol(gs1.linear, 'gs1') + text('hri', gs1.linear.data) : '';
  return `${head}${symbol(label.retail, 'main')}${wideGs1}${side ? `<div class="row">${side}</div>` : ''}`;
}

function shipment(label: Extract<LabelContent, { template: 'shipment' }>, layout: LabelGeometry['layout']): string {
  const details = `${key(label.reference)}${text('where', label.carrier)}${text('small', label.trackingNumber)}${text('token', label.token)}`;
  if (layout === 'small') return `<div class="row">${symbol(label.qr, 'qr')}<div class="details">${details}</div></div>`;
  const tracking = label.tracking ? symbol(label.tracking, 'main') + text('hri', label.tracking.data) : '';
  return `<div class="details">${details}</div>${symbol(label.qr, 'qr')}${tracking}`;
}

/** One label's inner HTML: every value escaped, every barcode an inline SVG from bwip-js. */
export function labelHtml(label: LabelContent, geometry: LabelGeometry): string {
  const body = label.template === 'shelf' ? shelf(label) : label.template === 'product' ? product(label, geometry.layout) : shipment(label, geometry.layout);
  return `<section class="label ${label.template} ${geometry.layout}">${body}</section>`;
}
