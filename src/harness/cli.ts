// `npm run harness`: the real renderer in a browser, bridged to the real core in demo mode.
// Prints one URL (with its token) on stdout, the first line, which scripts/start.mjs reads; the
// guidance for a person goes to stderr, and only to a terminal. `--help` lists the options.
import { parseArgs } from 'node:util';
import { DataDirRefused } from '../main/kernel/private-files';
import { startHarness } from './index';

const HELP = `npm run harness -- [options]

Serves the real Warehouse Desk screens to a browser (Chromium, Firefox), bridged to the real
desk core in demo mode: a sandbox of the Shipping API with demo data, on this computer only.
It does not open a window: open the address it prints. Ctrl-C stops it.

  --port N          listen on 127.0.0.1:N (default: a free port)
  --data-dir PATH   keep the desk's files (cache, outbox, settings) in PATH, a new folder
                    (created private) or one only you can open; default: a temporary
                    folder, deleted when it stops
  --offline-switch  let you cut the demo service off and back, to try the offline mode
                    (the commands are printed at start)
  --verbose         log every request
  --help            this text

Signing in with real credentials (Settings, F5) needs the system keychain (on Linux a running
Secret Service such as GNOME Keyring: scripts/with-keyring.sh starts one). The demo does not.`;

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    verbose: { type: 'boolean' },
    'offline-switch': { type: 'boolean' },
    help: { type: 'boolean' },
  },
  strict: true,
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const port = values.port === undefined ? 0 : Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('--port must be an integer 0..65535');
  process.exit(2);
}

const harness = await startHarness({
  port,
  testControls: values['offline-switch'] ?? false,
  ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
  log: (level, message, data) => {
    if (values.verbose || level !== 'info') console.error(`[${level}] ${message}`, data ?? '');
  },
}).catch((error: unknown) => {
  if (!(error instanceof DataDirRefused)) throw error;
  console.error(error.message);
  process.exit(2);
});
console.log(harness.url);
console.error('Warehouse Desk harness (demo mode) on 127.0.0.1. Open the URL above in a browser; Ctrl-C stops.');
if (process.stderr.isTTY) {
  const control = (faults: string): string =>
    `curl -s -X POST ${harness.origin}/__test/faults -H 'authorization: Bearer ${harness.token}' -H 'content-type: application/json' -d '${faults}'`;
  console.error(
    values['offline-switch']
      ? `To try the offline mode, cut the demo service off:\n  ${control('{"unreachable":true}')}\nand bring it back:\n  ${control('{"unreachable":false}')}`
      : 'To try the offline mode, start it with --offline-switch. All options: npm run harness -- --help',
  );
}

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
