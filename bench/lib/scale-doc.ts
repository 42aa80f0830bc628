// Where the scale curve goes: docs/scale-curve.svg and the `scale` block of docs/benchmarks.md for
// a run that is not quick, bench/results/scale-quick.svg for a quick one. Used by bench/run.ts and
// by bench/scale-chart.ts, which redraws the curve from result files (sizes measured in different runs).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCALE_GOALS, SCALE_REPORTED } from '../figures/scale';
import { DOC_TEMPLATE } from './doc-template';
import type { Figure } from './figure';
import { writeDoc } from './report';
import { curvesOf, scaleChartSvg, scaleTable } from './scale-chart';

export const sizeOfLabel = (label: string): number => Number(label.slice(0, -1)) * (label.endsWith('M') ? 1_000_000 : 1_000);

export function writeScale(root: string, figures: readonly Figure[], header: string, subtitle: string, quick: boolean): void {
  // The figures with a goal in issue 19, the seeding time and the renderer heap; the JSON and the table keep the rest.
  const charted = new Set([...Object.keys(SCALE_GOALS), ...SCALE_REPORTED]);
  const curves = curvesOf(figures, sizeOfLabel).filter((c) => c.points.length > 0);
  if (curves.length === 0) return;
  const svg = scaleChartSvg(
    curves.filter((c) => charted.has(c.key)),
    subtitle,
  );
  const goals = Object.fromEntries(Object.entries(SCALE_GOALS).map(([k, g]) => [k, g.text]));
  const table = scaleTable(curves, goals);
  if (quick) {
    writeFileSync(join(root, 'bench', 'results', 'scale-quick.svg'), svg);
    console.log(`${table}\nwritten: bench/results/scale-quick.svg`);
    return;
  }
  writeFileSync(join(root, 'docs', 'scale-curve.svg'), svg);
  writeDoc(join(root, 'docs', 'benchmarks.md'), `${header}\n\n![The scale curve](scale-curve.svg)\n\n${table}`, DOC_TEMPLATE, 'scale');
  console.log(`${table}\nwritten: docs/scale-curve.svg and the scale block of docs/benchmarks.md`);
}
