// `npx tsx bench/scale-chart.ts A.json [B.json ...]`: redraws docs/scale-curve.svg and the scale
// block of docs/benchmarks.md from the `<figure>@<size>` rows of bench result files, e.g. a run of
// 10k and 100k and a later run of 1M alone (`--only=scale --scale-sizes=1000000`). Each file's
// date, command and load are listed, since its figures were measured under them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Figure } from './lib/figure';
import type { RunReport } from './lib/report';
import { writeScale } from './lib/scale-doc';

const files = process.argv.slice(2);
if (files.length === 0) throw new Error('usage: npx tsx bench/scale-chart.ts <result.json> [...]');
const figures: Figure[] = [];
const runs: string[] = [];
for (const file of files) {
  const report = JSON.parse(readFileSync(file, 'utf8')) as RunReport;
  const sizes = new Set<string>();
  for (const [key, f] of Object.entries(report.figures)) {
    if (!key.includes('@')) continue;
    figures.push({ key, ...f });
    sizes.add(key.slice(key.indexOf('@') + 1));
  }
  const m = report.machine;
  runs.push(
    `- ${[...sizes].join(', ')}: ${m.date} \`${report.command}\`, ${m.nproc} CPUs, Node ${m.node}, load average ${m.loadAtStart.join(' / ')} at start, ${(m.loadAtEnd ?? []).join(' / ')} at end, ${Math.round(report.durationSeconds)} s`,
  );
}
const loads = runs.map((r) => r.replace(/^- ([^:]+):.*load average ([\d. /]+) at start.*$/, '$1 at load $2')).join('; ');
writeScale(join(import.meta.dirname, '..'), figures, `Runs (each size measured in the run named):\n${runs.join('\n')}`, loads, false);
