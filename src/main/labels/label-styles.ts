import type { LabelGeometry } from './label-sizes';

/** The DataMatrix beside a product's retail code on a small label, and the column it stands in with the lot and expiry. */
export const SMALL_MATRIX_MM = 11;
export const SMALL_SIDE_MM = 19;
/** The tracking number's Code 128 under a small shipment label's QR code: tall enough to aim at, leaving the QR code 15 mm or more. */
const SMALL_TRACKING_MM = 8;
/** Bare label left each side of a code that reaches into the label's side margins (it draws its own quiet zones): a roll's or sheet's cut wanders by about this much. */
export const EDGE_MM = 1;

/**
 * The print stylesheet. Sizes are in mm and pt so the page prints at the label's real size;
 * every box has a fixed size and hides overflow, so a long name is cut with an ellipsis and can
 * never push a barcode off the label. Barcodes carry their own quiet zones (barcodes.ts).
 */
export function labelStyles(g: LabelGeometry): string {
  return `
@page { size: ${g.page.width}mm ${g.page.height}mm; margin: 0; }
* { box-sizing: border-box; margin: 0; padding: 0; }
html, body { background: #fff; color: #000; }
body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
.page { width: ${g.page.width}mm; height: ${g.page.height}mm; overflow: hidden; break-after: page; display: grid;
  grid-template-columns: repeat(${g.columns}, ${g.width}mm); grid-template-rows: repeat(${g.rows}, ${g.height}mm);
  align-content: center; justify-content: center; }
.page:last-child { break-after: auto; }
.label { width: ${g.width}mm; height: ${g.height}mm; overflow: hidden; display: flex; flex-direction: column; gap: 0.6mm;
  padding: ${g.padding[0]}mm ${g.padding[1]}mm; }
.label > * { flex: none; min-width: 0; }
.head { display: flex; align-items: baseline; justify-content: space-between; gap: 2mm; min-width: 0; }
.key { font-weight: 700; white-space: nowrap; min-width: 0; flex: 0 1 auto; }
.key.longer { font-size: 80% !important; }
.key.longest { white-space: normal; overflow-wrap: anywhere; line-height: 1.05; }
.where, .small, .name, .hri { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; min-width: 0; }
.where { flex: none; max-width: 55%; }
.shipment .where { text-transform: uppercase; }
.hri { font-family: 'DejaVu Sans Mono', 'Liberation Mono', monospace; text-align: center; }
.code svg { display: block; }
.code.linear svg { width: 100%; height: 100%; }
.code.matrix svg { width: 100%; height: 100%; }
.label > .code.main, .row > .code.main { flex: 1 1 auto; min-height: 0; }
.row { display: flex; gap: 1.5mm; align-items: stretch; flex: 1 1 auto; min-height: 0; }
.row > .code.main { flex: 1 1 auto; min-width: 0; }
.side { flex: none; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 0.4mm; min-height: 0; }
.label { position: relative; }
/* A cancelled shipment: a band across the label, over its codes, that no one can miss or scan past. */
.void { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%) rotate(-14deg); padding: 0.4em 0.8em;
  border: 0.8mm solid #000; background: rgba(255, 255, 255, 0.9); font-weight: 800; letter-spacing: 0.08em; white-space: nowrap; }
.small .void { font-size: 13pt; }
.large .void { font-size: 40pt; border-width: 1.5mm; }
.details { display: flex; flex-direction: column; gap: 0.5mm; min-width: 0; flex: 1 1 auto; justify-content: center; }

.small .key { font-size: 10pt; }
.small .key.longest { font-size: 6.5pt; }
.small .where, .small .name { font-size: 7pt; }
.small .small { font-size: 6pt; }
.small .side { width: ${SMALL_SIDE_MM}mm; }
.lot { display: flex; flex-direction: column; align-items: center; max-width: 100%; }
.small .code.dm { width: ${SMALL_MATRIX_MM}mm; height: ${SMALL_MATRIX_MM}mm; }
.small.shipment .row { height: 100%; }
.small.shipment .row.above-tracking { height: auto; }
.small.shipment .code.main { flex: none; height: ${SMALL_TRACKING_MM}mm; }
.small.shipment .code.main, .small.scanner-test .code.main { margin: 0 -${g.padding[1] - EDGE_MM}mm; }
.small .code.qr { flex: none; height: 100%; aspect-ratio: 1; }
.small.product .key { font-size: 9pt; }
.small.shipment .key.longer { font-size: 8pt !important; }
.scanner-test .key { white-space: normal; }
.small.scanner-test .key { font-size: 9pt; }
.small.scanner-test .hri { font-size: 6pt; }

.large { gap: 2.5mm; }
.large .head { flex-direction: column; align-items: flex-start; gap: 1mm; }
.large .where { max-width: 100%; }
.large .key.longest { font-size: 16pt; }
.large .key { font-size: 26pt; }
.large .where { font-size: 13pt; }
.large .name { font-size: 15pt; white-space: normal; display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; }
.large .small { font-size: 12pt; }
.large .hri { font-size: 11pt; }
.large.shelf .code.main { flex: none; height: 45mm; margin-top: auto; margin-bottom: auto; }
.large.product .key { font-size: 20pt; }
.large.product .code.main { flex: none; height: 30mm; width: 70mm; align-self: center; }
.large.product .row { flex: none; justify-content: center; }
.large.product .side { flex-direction: row; gap: 4mm; }
.large .code.dm { width: 30mm; height: 30mm; }
.large .code.gs1 { height: 25mm; }
.large .code.qr { align-self: center; width: 60mm; height: 60mm; }
.large.shipment .code.main { flex: none; height: 24mm; margin-top: auto; }
.large.shipment .details { flex: none; }
.large.scanner-test .key { font-size: 18pt; }
.large.scanner-test .code.main { flex: none; height: 40mm; margin-top: auto; }
.large.scanner-test .hri { margin-bottom: auto; }
`;
}
