import { parentPort, workerData } from 'node:worker_threads';
import { isChannel } from '../../shared/ipc/contract';
import type { StartDemo } from '../account';
import { createDeskCore, type DeskCore, type DeskCoreOptions } from '../composition/desk-core';
import type { FileSaver } from '../kernel/file-saver';
import type { Log } from '../kernel/log';
import type { SecretStore } from '../kernel/secrets/secret-store';
import type { LabelPrinter } from '../labels';
import type { ExportedFile } from '../../shared/ipc/desk-work-records';
import type { Printer } from '../../shared/ipc/label-records';
import { PortRpc, type Port } from './port-rpc';
import type { CoreThreadInit, HostCall, HostNote, ThreadCall, ThreadNote } from './thread-options';

/**
 * The desk's core in its own thread: the database, sync, the outbox, the journal and counts do
 * their work here, never on the thread that hosts Electron's windows (docs/architecture.md,
 * "Where the work runs"). The host routes IPC to `handle` and forwards the events this sends.
 */
if (!parentPort) throw new Error('core-worker.ts runs only as a worker thread (startCoreThread)');
const port: Port = parentPort;
const init = workerData as CoreThreadInit;

let core: Promise<DeskCore> | null = null;
let clockAheadMs = 0;

const reachable = new Int32Array(init.reachable);

const rpc = new PortRpc(port, (method, args) => (method === ('answered' satisfies ThreadNote) ? answered(args) : serve(method as ThreadCall, args)));
const host = (method: HostCall, ...args: unknown[]): Promise<unknown> => rpc.call(method, args);
const note = (method: HostNote, ...args: unknown[]): void => rpc.note(method, args);

const secrets: SecretStore = {
  get: (service, account) => host('secrets.get', service, account) as Promise<string | null>,
  set: (service, account, secret) => host('secrets.set', service, account, secret) as Promise<void>,
  delete: (service, account) => host('secrets.delete', service, account) as Promise<boolean>,
};

const printer: LabelPrinter = {
  print: (document, options) => host('printer.print', document, options) as Promise<boolean>,
  savePdf: (document, suggestedName) => host('printer.savePdf', document, suggestedName) as Promise<string | null>,
  printers: () => host('printer.printers') as Promise<Printer[]>,
};

const saveFile: FileSaver = (name, content, rows) => host('saveFile', name, content, rows) as Promise<ExportedFile>;

const startDemo: StartDemo = async () => {
  const started = (await host('demo.start')) as { baseUrl: string; clientId: string; clientSecret: string; seededAnew: boolean };
  return { ...started, close: async () => void (await host('demo.close')) };
};

const log: Log = (level, message, data) => {
  try {
    note('log', level, message, data);
  } catch {
    // Something in `data` cannot be cloned: its text still reaches the log.
    note('log', level, message, { data: String(JSON.stringify(data)) });
  }
};

function options(): DeskCoreOptions {
  return {
    dataDir: init.dataDir,
    secrets,
    demoByDefault: init.demoByDefault,
    ...(init.demoSandbox ? { demoSandbox: init.demoSandbox } : {}),
    ...(init.syncIntervalMs !== undefined ? { syncIntervalMs: init.syncIntervalMs } : {}),
    ...(init.hosted.printer ? { printer } : {}),
    ...(init.hosted.saveFile ? { saveFile } : {}),
    ...(init.hosted.demo ? { startDemo } : {}),
    ...(init.hosted.log ? { log } : {}),
    ...(init.movableClock ? { now: () => new Date(Date.now() + clockAheadMs) } : {}),
  };
}

async function started(): Promise<DeskCore> {
  if (!core) throw new Error('the core was asked before it was started');
  return core;
}

/** A call the reader's thread answered: the core records it and does what follows (ThreadNote). */
function answered([channel, input, output]: unknown[]): void {
  if (!isChannel(channel)) return;
  started()
    .then((c) => c.answeredByReader(channel, input, output))
    .catch((error: unknown) => log('error', 'recording a call the reader answered failed', { channel, error: String(error) }));
}

async function serve(method: ThreadCall, args: unknown[]): Promise<unknown> {
  switch (method) {
    case 'start': {
      core ??= createDeskCore(options()).then((c) => {
        Atomics.store(reachable, 0, c.serviceReachable() ? 1 : 0);
        c.events.attach((event, payload) => {
          // Before the event leaves: a scan the window makes on hearing it reads the new state.
          if (event === 'connectivity.changed' || event === 'account.changed') Atomics.store(reachable, 0, c.serviceReachable() ? 1 : 0);
          note('event', event, payload);
        });
        return c;
      });
      // The channels whose answers from the reader the core must hear of (startCoreThread).
      return (await core).followsReader;
    }
    case 'handle': {
      const [channel, input] = args;
      if (!isChannel(channel)) throw new Error(`no such channel ${String(channel)}`);
      const { handlers } = await started();
      return (handlers[channel] as (input: unknown) => unknown)(input);
    }
    case 'clock.advance': {
      clockAheadMs += Number(args[0]);
      return null;
    }
    case 'close': {
      if (core) await (await core).close();
      return null;
    }
  }
}
