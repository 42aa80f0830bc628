// Stops a script early, with the fix, when it would run on a Node older than the project's.
import { readFileSync } from 'node:fs';

const wanted = Number(readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim().replace(/^v/, ''));
const major = Number(process.versions.node.split('.')[0]);
if (major < wanted) {
  console.error(`Warehouse Desk needs Node ${wanted}; this is Node ${process.versions.node}. Run \`npm run setup\` (it brings Node ${wanted} into .node/ when the machine's is older).`);
  process.exit(1);
}
