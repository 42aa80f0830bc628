// A child for young-generation.test.ts: a fresh isolate runs a sync-like load (pages of records,
// each alive across a turn of the event loop while the next is made) and prints the largest new
// space it saw, in bytes. argv[2] 'bounded' calls boundYoungGeneration first.
import { getHeapSpaceStatistics } from 'node:v8';
import { boundYoungGeneration } from '../../../../src/main/kernel/young-generation';

if (process.argv[2] === 'bounded') boundYoungGeneration();

const newSpace = (): number => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
let largest = newSpace();
const alive: object[][] = [];
for (let page = 0; page < 400; page++) {
  const records = Array.from({ length: 2000 }, (_, i) => ({ sku: `WD-${page}-${i}`, name: `Product ${i}`, levels: [{ on_hand: i, available: i - 1 }] }));
  alive.push(records);
  if (alive.length > 4) alive.shift();
  await new Promise((resolve) => setImmediate(resolve));
  largest = Math.max(largest, newSpace());
}
process.stdout.write(`${largest}\n`);
