// Compares two bench result files figure by figure: `npx tsx bench/compare.ts OLD.json NEW.json`.
// Prints each figure's value in both runs and new/old; a run on another machine or in quick mode
// is flagged, since those numbers do not compare.
import { readFileSync } from 'node:fs';
import type { RunReport } from './lib/report';

const [oldFile, newFile] = process.argv.slice(2);
if (!oldFile || !newFile) {
  console.error('usage: npx tsx bench/compare.ts OLD.json NEW.json');
  process.exit(2);
}
const read = (file: string): RunReport => JSON.parse(readFileSync(file, 'utf8')) as RunReport;
const a = read(oldFile);
const b = read(newFile);
if (a.quick !== b.quick) console.log('note: one run is quick mode, the other is not: the numbers do not compare');
if (a.machine.cpuModel !== b.machine.cpuModel || a.machine.nproc !== b.machine.nproc) console.log('note: different machines');
console.log(`old: ${a.machine.date} (load ${a.machine.loadAtStart.join('/')})  new: ${b.machine.date} (load ${b.machine.loadAtStart.join('/')})`);
const keys = [...new Set([...Object.keys(a.figures), ...Object.keys(b.figures)])];
for (const key of keys) {
  const x = a.figures[key];
  const y = b.figures[key];
  const v = (f: typeof x): string => (f ? (f.value === null ? 'n/m' : `${f.value} ${f.unit}`) : '-');
  const change = x?.value && y?.value ? `${(y.value / x.value).toFixed(2)}x` : '';
  const met = y ? (y.met === null ? '' : y.met ? 'met' : 'MISSED') : '';
  console.log(`${key.padEnd(28)} ${v(x).padStart(16)} -> ${v(y).padStart(16)}  ${change.padStart(6)}  ${met}`);
}
