import type { LabelSize } from '../../shared/ipc/label-records';
import type { LabelContent } from './label-content';
import { LABEL_GEOMETRY, labelsPerPage } from './label-sizes';
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
