// The scale curve of issue 19 as an SVG (written to docs/ by a bench run with the scale module):
// for each figure, the value measured at each catalogue size on a log-log plot, drawn against the
// same-run bound as a dashed line of the same colour, so a reader sees how each cost grows and
// whether it grows faster than its bound. A second block of the doc gives the numbers.
import type { Figure } from './figure';

export interface CurvePoint {
  skus: number;
  value: number;
  bound: number | null;
  ratio: number | null;
}

export interface Curve {
  key: string;
  title: string;
  unit: string;
  points: CurvePoint[];
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf', '#7f7f7f', '#bcbd22'];

/** Groups `<key>@<size>` figures into one curve per key, in the order first seen. */
export function curvesOf(figures: readonly Figure[], sizeOf: (label: string) => number): Curve[] {
  const byKey = new Map<string, Curve>();
  for (const f of figures) {
    const at = f.key.lastIndexOf('@');
    if (at < 0 || f.value === null) continue;
    const key = f.key.slice(0, at);
    const skus = sizeOf(f.key.slice(at + 1));
    // The size is in the columns: a title naming one size ("of 10,000 SKUs") would mislead.
    const title = f.title.replace(/^\[[^\]]+\]\s*/, '').replace(/ of [\d,]+ SKUs/, '');
    const curve = byKey.get(key) ?? { key, title, unit: f.unit, points: [] };
    curve.points.push({ skus, value: f.value, bound: f.bound?.value ?? null, ratio: f.ratio });
    byKey.set(key, curve);
  }
  return [...byKey.values()].map((c) => ({ ...c, points: c.points.sort((a, b) => a.skus - b.skus) }));
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * One panel per curve (values and bounds have different units), in a grid; each panel log-log,
 * its y range from its own points. `subtitle` says the run (date, load).
 */
export function scaleChartSvg(curves: readonly Curve[], subtitle: string): string {
  const cols = 3;
  const panelW = 320;
  const panelH = 190;
  const pad = { l: 52, r: 34, t: 34, b: 34 };
  const rows = Math.ceil(curves.length / cols);
  const width = cols * panelW;
  const height = 56 + rows * panelH;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="12" y="22" font-size="15" font-weight="bold">Warehouse Desk: how each cost grows with the catalogue (log-log)</text>`,
    `<text x="12" y="40" fill="#555">${esc(subtitle)}. Solid: measured; dashed: its bound in the same run.</text>`,
  ];
  const allSkus = [...new Set(curves.flatMap((c) => c.points.map((p) => p.skus)))].sort((a, b) => a - b);
  const xMin = Math.log10(allSkus[0] ?? 1);
  const xMax = Math.log10(allSkus[allSkus.length - 1] ?? 10);
  curves.forEach((curve, i) => {
    const ox = (i % cols) * panelW;
    const oy = 56 + Math.floor(i / cols) * panelH;
    const colour = COLOURS[i % COLOURS.length] ?? '#000';
    const ys = curve.points.flatMap((p) => [p.value, ...(p.bound !== null ? [p.bound] : [])]).filter((v) => v > 0);
    if (ys.length === 0) return;
    let yMin = Math.floor(Math.log10(Math.min(...ys)) * 2) / 2;
    let yMax = Math.ceil(Math.log10(Math.max(...ys)) * 2) / 2;
    if (yMax - yMin < 1) {
      yMin -= 0.5;
      yMax += 0.5;
    }
    const w = panelW - pad.l - pad.r;
    const h = panelH - pad.t - pad.b;
    const x = (skus: number): number => ox + pad.l + (xMax === xMin ? w / 2 : ((Math.log10(skus) - xMin) / (xMax - xMin)) * w);
    const y = (v: number): number => oy + pad.t + h - ((Math.log10(v) - yMin) / (yMax - yMin)) * h;
    const title = curve.title.replace(/ of [\d,]+ SKUs/, '').replace(/ \([^)]*\)/g, '');
    out.push(`<text x="${ox + 8}" y="${oy + 16}" font-weight="bold" font-size="10.5">${esc(title.length > 50 ? `${title.slice(0, 48)}…` : title)}</text>`);
    out.push(`<rect x="${ox + pad.l}" y="${oy + pad.t}" width="${w}" height="${h}" fill="none" stroke="#ccc"/>`);
    for (let e = Math.ceil(yMin); e <= Math.floor(yMax); e++) {
      const v = 10 ** e;
      out.push(`<line x1="${ox + pad.l}" x2="${ox + pad.l + w}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/>`);
      out.push(`<text x="${ox + pad.l - 4}" y="${y(v) + 4}" text-anchor="end" fill="#555">${v >= 1 ? v.toLocaleString('en-US') : String(v)}</text>`);
    }
    out.push(`<text x="${ox + 8}" y="${oy + pad.t + h / 2}" fill="#555" transform="rotate(-90 ${ox + 12} ${oy + pad.t + h / 2})">${esc(curve.unit)}</text>`);
    for (const skus of allSkus) {
      out.push(`<text x="${x(skus)}" y="${oy + pad.t + h + 14}" text-anchor="middle" fill="#555">${skus >= 1e6 ? `${skus / 1e6}M` : `${skus / 1e3}k`}</text>`);
    }
    const line = (pts: Array<[number, number]>, dashed: boolean): string =>
      `<polyline fill="none" stroke="${colour}" stroke-width="2"${dashed ? ' stroke-dasharray="5 4" opacity="0.7"' : ''} points="${pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' ')}"/>`;
    const bounds = curve.points.filter((p) => p.bound !== null && p.bound > 0).map((p): [number, number] => [x(p.skus), y(p.bound as number)]);
    if (bounds.length) out.push(line(bounds, true));
    const values = curve.points.filter((p) => p.value > 0).map((p): [number, number] => [x(p.skus), y(p.value)]);
    out.push(line(values, false));
    for (const p of curve.points) {
      if (p.value <= 0) continue;
      out.push(`<circle cx="${x(p.skus).toFixed(1)}" cy="${y(p.value).toFixed(1)}" r="3" fill="${colour}"/>`);
      if (p.ratio !== null) out.push(`<text x="${x(p.skus).toFixed(1)}" y="${(y(p.value) - 6).toFixed(1)}" text-anchor="middle" fill="${colour}" font-size="10">${p.ratio}x</text>`);
    }
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/** The numbers behind the chart: one row per figure, one column per size (value, ratio to bound). */
export function scaleTable(curves: readonly Curve[], goals: Record<string, string>): string {
  const sizes = [...new Set(curves.flatMap((c) => c.points.map((p) => p.skus)))].sort((a, b) => a - b);
  const head = `| figure | ${sizes.map((s) => `${s.toLocaleString('en-US')} SKUs`).join(' | ')} | goal at 1M |`;
  const lines = [head, `|---|${sizes.map(() => '---|').join('')}---|`];
  for (const c of curves) {
    const cells = sizes.map((s) => {
      const p = c.points.find((q) => q.skus === s);
      if (!p) return '-';
      return `${p.value.toLocaleString('en-US')} ${c.unit}${p.ratio !== null ? ` (${p.ratio}x bound)` : ''}`;
    });
    lines.push(`| ${c.title} | ${cells.join(' | ')} | ${goals[c.key] ?? '-'} |`);
  }
  return lines.join('\n');
}
