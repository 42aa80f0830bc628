import type { LabelContent, LabelGeometry } from '../../labels';
import type { Dots } from './dots';
import { fitText, textBlock } from './zpl-text';
import { symbol, symbolIfReadable, type Box } from './zpl-symbols';

/** The label's printable area in dots, and a cursor going down it. */
interface Frame {
  dots: Dots;
  large: boolean;
  /** Whole label, in dots. */
  labelWidth: number;
  labelHeight: number;
  x: number;
  width: number;
  y: number;
  bottom: number;
  zpl: string;
}

/** Type sizes in mm, largest first: a key (SKU, GTIN, reference), a name, a small line. */
const SIZES = {
  small: { key: [4, 3.2, 2.6], name: [2.8, 2.4, 2], line: [2.4, 2] },
  large: { key: [9, 7, 5.5, 4.5], name: [6, 5, 4], line: [4.5, 3.5] },
};

function sizes(f: Frame, kind: keyof (typeof SIZES)['small']): number[] {
  return SIZES[f.large ? 'large' : 'small'][kind].map((mm) => f.dots.of(mm));
}

/** Text at the cursor, fitted to the frame's width; the cursor moves under it. */
function text(f: Frame, value: string | null, kind: keyof (typeof SIZES)['small'], maxLines: number, ellipsis = true, width = f.width, x = f.x): void {
  if (!value) return;
  const block = textBlock(x, f.y, width, fitText(value, width, maxLines, sizes(f, kind), ellipsis));
  f.zpl += block.zpl;
  f.y += block.height;
}

/** The text under a code, centred under it, a little apart from its bars. */
function hri(f: Frame, value: string, x = f.x, width = f.width): void {
  gap(f, 0.8);
  const block = textBlock(x, f.y, width, fitText(value, width, 2, sizes(f, 'line'), false), 'C');
  f.zpl += block.zpl;
  f.y += block.height;
}

function gap(f: Frame, mm: number): void {
  f.y += f.dots.of(mm);
}

/** Room left down to the bottom margin, less `reserve` mm kept for what follows. */
function rest(f: Frame, reserve = 0): number {
  return f.bottom - f.y - f.dots.of(reserve);
}

function linearBox(f: Frame, heightMm: number, x = f.x, width = f.width): Box {
  return { x, y: f.y, width, height: Math.max(f.dots.of(4), Math.min(f.dots.of(heightMm), rest(f))) };
}

function shelf(f: Frame, label: Extract<LabelContent, { template: 'shelf' }>): void {
  text(f, label.sku, 'key', 2, false);
  text(f, label.warehouse && `${label.warehouse.code} · ${label.warehouse.name}`, 'line', 1);
  text(f, label.name, 'name', f.large ? 3 : 1);
  gap(f, f.large ? 4 : 1);
  const code = symbol(label.barcode, linearBox(f, f.large ? 40 : 20), f.dots);
  f.zpl += code.zpl;
}

function product(f: Frame, label: Extract<LabelContent, { template: 'product' }>): void {
  text(f, label.name, 'name', f.large ? 3 : 1);
  text(f, label.gtin, 'key', 1, false);
  text(f, label.sku, 'line', 2, false);
  gap(f, f.large ? 3 : 1);
  const lots = [label.lot && `LOT ${label.lot}`, label.expiry && `EXP ${label.expiry}`].filter((l): l is string => Boolean(l));
  if (!f.large) {
    // Small: the retail code left, the DataMatrix with its lot and expiry right of it.
    const side = label.gs1 ? f.dots.of(19) : 0;
    const top = f.y;
    f.zpl += symbol(label.retail, linearBox(f, 20, f.x, f.width - side), f.dots).zpl;
    if (!label.gs1) return;
    const sideX = f.x + f.width - side;
    const lineHeight = sizes(f, 'line')[0] as number;
    const dm = symbol(label.gs1.dataMatrix, { x: sideX, y: top, width: side, height: rest(f, 0) - lots.length * Math.ceil(lineHeight * 1.12) }, f.dots);
    f.zpl += dm.zpl;
    f.y = top + dm.height;
    for (const line of lots) text(f, line, 'line', 1, true, side, sideX);
    return;
  }
  f.zpl += symbol(label.retail, linearBox(f, 25), f.dots).zpl;
  f.y += linearBox(f, 25).height;
  if (!label.gs1) return;
  gap(f, 4);
  const wide = symbol(label.gs1.linear, linearBox(f, 18), f.dots);
  f.zpl += wide.zpl;
  f.y += wide.height;
  hri(f, label.gs1.linear.data);
  gap(f, 3);
  const top = f.y;
  const dm = symbol(label.gs1.dataMatrix, { x: f.x, y: top, width: f.dots.of(30), height: Math.min(rest(f), f.dots.of(30)) }, f.dots);
  f.zpl += dm.zpl;
  const textX = f.x + dm.width + f.dots.of(3);
  for (const line of lots) text(f, line, 'line', 1, true, f.width - dm.width - f.dots.of(3), textX);
}

function shipment(f: Frame, label: Extract<LabelContent, { template: 'shipment' }>): void {
  if (!f.large) {
    // Under the QR code, the tracking number's Code 128 across the label into its side margins,
    // when its bars stay printable; the QR code alone opens the shipment otherwise.
    const edge = f.dots.of(1);
    const trackingBox = { x: edge, y: 0, width: f.labelWidth - 2 * edge, height: f.dots.of(7) };
    const tracking = label.tracking ? symbolIfReadable(label.tracking, trackingBox, f.dots) : null;
    const qrRoom = rest(f) - (tracking ? trackingBox.height + f.dots.of(1) : 0);
    const top = f.y;
    const qr = symbol(label.qr, { x: f.x, y: top, width: Math.min(qrRoom, Math.floor(f.width / 2)), height: qrRoom }, f.dots);
    f.zpl += qr.zpl;
    const detailsX = f.x + qr.width + f.dots.of(1);
    const detailsWidth = f.width - qr.width - f.dots.of(1);
    text(f, label.reference, 'key', 2, false, detailsWidth, detailsX);
    text(f, label.carrier, 'line', 1, true, detailsWidth, detailsX);
    text(f, label.trackingNumber, 'line', 2, false, detailsWidth, detailsX);
    if (tracking) f.zpl += symbol(label.tracking as NonNullable<typeof label.tracking>, { ...trackingBox, y: f.bottom - trackingBox.height }, f.dots).zpl;
    f.y = Math.max(f.y, top + qr.height);
    return;
  }
  text(f, label.reference, 'key', 2, false);
  text(f, label.carrier, 'line', 1);
  text(f, label.trackingNumber, 'line', 2, false);
  gap(f, 4);
  const trackingRoom = label.tracking ? f.dots.of(32) : 0;
  const side = Math.min(f.width, rest(f) - trackingRoom);
  const qr = symbol(label.qr, { x: f.x, y: f.y, width: f.width, height: side, centre: true }, f.dots);
  f.zpl += qr.zpl;
  f.y += qr.height + f.dots.of(3);
  // Even here a 40-character tracking number's bars would be too thin: then the QR code alone.
  const tracking = label.tracking ? symbolIfReadable(label.tracking, linearBox(f, 22), f.dots) : null;
  if (!tracking || !label.tracking) return;
  f.zpl += tracking.zpl;
  f.y += tracking.height;
  hri(f, label.tracking.data);
}

function scannerTest(f: Frame, label: Extract<LabelContent, { template: 'scanner-test' }>): void {
  text(f, `${label.number}. ${label.title}`, 'key', 1);
  gap(f, 1);
  const lineHeight = Math.ceil((sizes(f, 'line')[0] as number) * 1.12) + f.dots.of(0.8);
  // The GS1 code needs the small labels' side margins to keep its bars printable on 57 x 32 mm.
  const edge = f.dots.of(1);
  const box = f.large ? linearBox(f, 30) : { x: edge, y: f.y, width: f.labelWidth - 2 * edge, height: rest(f) - lineHeight };
  const code = symbol(label.barcode, box, f.dots);
  f.zpl += code.zpl;
  f.y += code.height;
  hri(f, label.barcode.data, box.x, box.width);
}

/** CANCELLED across the label, over the codes, in English like the rest of the label: a parcel travels further than the desk's language. */
function voidMark(f: Frame): string {
  const height = f.dots.of(f.large ? 20 : 8);
  const y = Math.floor((f.labelHeight - height) / 2);
  const border = f.dots.of(f.large ? 2 : 0.75);
  const font = height - 2 * border - f.dots.of(1);
  return `^FO${f.x},${y}^GB${f.width},${height},${height}^FS^FO${f.x},${y + border}^GB${f.width},${height - 2 * border},${height - 2 * border},W^FS^FO${f.x},${y + Math.floor((height - font) / 2)}^A0N,${font},${font}^FB${f.width},1,0,C^FDCANCELLED^FS`;
}

/** One label's fields in dots (no `^XA`/`^XZ`): the same content as the PDF label, laid out for the printer's resolution. */
export function labelFields(label: LabelContent, geometry: LabelGeometry, dots: Dots): string {
  const [padY, padX] = geometry.padding;
  const f: Frame = {
    dots,
    large: geometry.layout === 'large',
    labelWidth: dots.of(geometry.width),
    labelHeight: dots.of(geometry.height),
    x: dots.of(padX),
    width: dots.of(geometry.width - 2 * padX),
    y: dots.of(padY),
    bottom: dots.of(geometry.height - padY),
    zpl: '',
  };
  switch (label.template) {
    case 'shelf':
      shelf(f, label);
      break;
    case 'product':
      product(f, label);
      break;
    case 'shipment':
      shipment(f, label);
      break;
    case 'scanner-test':
      scannerTest(f, label);
      break;
  }
  return label.template === 'shipment' && label.cancelled ? f.zpl + voidMark(f) : f.zpl;
}
