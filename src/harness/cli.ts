// `npm run harness`: the real renderer in a browser, bridged to the real core in demo mode.
// Prints one URL (with its token) to open; Ctrl-C stops. Options: --port N, --data-dir PATH (kept).
import { parseArgs } from 'node:util';
import { startHarness } from './index';

const { values } = parseArgs({
  options: { port: { type: 'string' }, 'data-dir': { type: 'string' }, verbose: { type: 'boolean' } },
  strict: true,
});
const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('--port must be an integer 0..65535');
  process.exit(2);
}

const harness = await startHarness({
  port,
  ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
  log: (level, message, data) => {
    if (values.verbose || level !== 'info') console.error(`[${level}] ${message}`, data ?? '');
  },
});
console.log(harness.url);
console.error('Warehouse Desk harness (demo mode) on 127.0.0.1. Open the URL above; Ctrl-C stops.');

let stopping = false;
const stop = (): void => {
  if (stopping) process.exit(130);
  stopping = true;
  harness.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('closing failed:', error);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
