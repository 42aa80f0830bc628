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

function text(className: string, value: string | null): string {
  return value ? `<div class="${className}">${escapeHtml(value)}</div>` : '';
}

/** 2027-12-31 as printed under a GS1 code: the date a worker reads, not the YYMMDD. */
function expiryText(expiry: string | null): string | null {
  return expiry ? `EXP ${expiry}` : null;
}

function shelf(label: Extract<LabelContent, { template: 'shelf' }>): string {
  const warehouse = label.warehouse ? `${label.warehouse.code} · ${label.warehouse.name}` : null;
  return `<div class="head">${text('key', label.sku)}${text('where', warehouse)}</div>${text('name', label.name)}${symbol(label.barcode, 'main')}`;
}

function product(label: Extract<LabelContent, { template: 'product' }>, layout: LabelGeometry['layout']): string {
  const gs1 = label.gs1;
  const lotLine = [label.lot ? `LOT ${label.lot}` : null, expiryText(label.expiry)].filter(Boolean).join('  ');
  const side = gs1 ? `<div class="side">${symbol(gs1.dataMatrix, 'dm')}${text('small', lotLine)}</div>` : '';
  const wideGs1 = gs1 && layout === 'large' ? symbol(gs1.linear, 'gs1') + text('hri', gs1.linear.data) : '';
  return `${text('name', label.name)}<div class="head">${text('key', label.gtin)}${text('where', label.sku)}</div><div class="row">${symbol(label.retail, 'main')}${side}</div>${wideGs1}`;
}

function shipment(label: Extract<LabelContent, { template: 'shipment' }>, layout: LabelGeometry['layout']): string {
  const details = `${text('key', label.reference)}${text('where', label.carrier)}${text('small', label.trackingNumber)}${text('token', label.token)}`;
  if (layout === 'small') return `<div class="row">${symbol(label.qr, 'qr')}<div class="details">${details}</div></div>`;
  const tracking = label.tracking ? symbol(label.tracking, 'main') + text('hri', label.tracking.data) : '';
  return `<div class="details">${details}</div>${symbol(label.qr, 'qr')}${tracking}`;
}

/** One label's inner HTML: every value escaped, every barcode an inline SVG from bwip-js. */
export function labelHtml(label: LabelContent, geometry: LabelGeometry): string {
  const body = label.template === 'shelf' ? shelf(label) : label.template === 'product' ? product(label, geometry.layout) : shipment(label, geometry.layout);
  return `<section class="label ${label.template} ${geometry.layout}">${body}</section>`;
}
