// The harness in its own process for figures 2 and 6: the page's calls are answered by a process
// that does nothing else, as Electron's main process would, instead of sharing an event loop with
// Playwright's driver in the bench process. Prints one JSON line {url, origin, token}; SIGTERM stops.
import { startHarness } from '../../src/harness/index';
import { memorySecrets } from '../lib/core';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: harness-child.ts <dataDir>');
const harness = await startHarness({ dataDir, secrets: memorySecrets(), testControls: true });
process.stdout.write(JSON.stringify({ url: harness.url, origin: harness.origin, token: harness.token }) + '\n');
process.on('SIGTERM', () => {
  harness.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
