import type { LabelPreview, LabelSize } from '../../shared/ipc/label-records';
import type { LabelContent } from './label-content';
import { LABEL_GEOMETRY, labelsPerPage, type LabelGeometry } from './label-sizes';
import { labelStyles } from './label-styles';
import { escapeHtml, labelHtml } from './label-templates';

export interface LabelDocument {
  /** A self-contained page: no script, no external resource, a CSP that allows neither. */
  html: string;
  size: LabelSize;
  /** Labels printed, copies included. */
  labels: number;
  pages: number;
  /** Page size in mm, for the print path's page settings. */
  pageMm: { width: number; height: number };
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'";

/** Lays labels out on pages of the chosen stock: one per page on a roll, 24 to an A4 sheet. Each label's copies follow one another. */
export function labelDocument(labels: readonly LabelContent[], size: LabelSize, copies: number, title = 'Labels'): LabelDocument {
  const geometry = LABEL_GEOMETRY[size];
  const cells = labels.flatMap((label) => Array.from({ length: copies }, () => labelHtml(label, geometry)));
  const perPage = labelsPerPage(size);
  const pages: string[] = [];
  for (let i = 0; i < cells.length; i += perPage) pages.push(`<div class="page">${cells.slice(i, i + perPage).join('')}</div>`);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>${escapeHtml(title)}</title><style>${labelStyles(geometry)}</style></head>
<body>${pages.join('\n')}</body></html>`;
  return { html, size, labels: cells.length, pages: pages.length, pageMm: geometry.page };
}

/** CSS pixels in a mm: the SVG's user units, so the label's mm sizes inside it mean what they mean on paper. */
const PX_PER_MM = 96 / 25.4;

/**
 * What XML cannot carry (control characters, lone surrogates) as U+FFFD: the SVG is an XML image,
 * and one such character in a product's name would keep the whole image from drawing.
 */
function xmlSafe(text: string): string {
  let safe = '';
  // By code point: a lone surrogate comes as one of its own.
  for (const char of text) {
    const c = char.codePointAt(0) ?? 0;
    const unfit = (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0xd800 && c <= 0xdfff) || c === 0xfffe || c === 0xffff;
    safe += unfit ? '\uFFFD' : char;
  }
  return safe;
}

/**
 * One label as it will print, as an SVG image: the printed page's own label HTML and stylesheet
 * in a foreignObject, on white. An <img> draws it with no script and nothing fetched, and under
 * the renderer's CSP, which would block the printed page's inline <style> in a srcdoc frame.
 */
export function labelPreview(label: LabelContent, size: LabelSize): LabelPreview {
  const geometry = LABEL_GEOMETRY[size];
  // A page of the label's own size: the rest of an A4 sheet holds other labels, not this one.
  const page: LabelGeometry = { ...geometry, page: { width: geometry.width, height: geometry.height }, columns: 1, rows: 1 };
  const px = (mm: number): string => (mm * PX_PER_MM).toFixed(3);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${geometry.width}mm" height="${geometry.height}mm" viewBox="0 0 ${px(geometry.width)} ${px(geometry.height)}">` +
    '<rect width="100%" height="100%" fill="#fff"/><foreignObject width="100%" height="100%">' +
    `<div xmlns="http://www.w3.org/1999/xhtml"><style><![CDATA[${labelStyles(page)}]]></style><div class="page">${labelHtml(label, geometry)}</div></div>` +
    '</foreignObject></svg>';
  return { svg: xmlSafe(svg), size, widthMm: geometry.width, heightMm: geometry.height };
}
