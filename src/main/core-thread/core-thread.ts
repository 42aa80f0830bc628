import { Worker } from 'node:worker_threads';
import { channels, type Channel, type EventName, type EventPayload } from '../../shared/ipc/contract';
import { failure } from '../../shared/ipc/result';
import type { DemoService } from '../account';
import type { DeskCoreOptions } from '../composition/desk-core';
import { EventHub } from '../kernel/ipc/event-hub';
import type { Handlers } from '../kernel/ipc/router';
import type { LabelDocument, LabelPrinter, PrintOptions } from '../labels';
import { PortRpc } from './port-rpc';
import { readerEntryBeside, startReaderThread } from './reader-thread';
import type { CoreThreadInit, HostCall, HostNote, ThreadNote } from './thread-options';

/**
 * createDeskCore's options, less those that are functions of the thread itself (`fetch`, `now`):
 * the services given here (keychain, printer, save dialog, log, a demo service the host runs) are
 * served from this thread when the core asks for them.
 */
export interface CoreThreadOptions extends Pick<DeskCoreOptions, 'dataDir' | 'secrets' | 'demoByDefault' | 'demoSandbox' | 'startDemo' | 'syncIntervalMs' | 'printer' | 'saveFile' | 'log'> {
  /** The harness's test controls: `advanceDeskClock` moves the desk's clock. */
  movableClock?: boolean;
  /**
   * The worker's code, for a host that bundles it itself (the harness and the tests' desk
   * processes, run from source). Default: `core-worker.js` beside the app's main bundle, or the
   * TypeScript file through tsx when this module itself runs from source.
   */
  workerEntry?: URL;
}

/** The core, reached across the thread: the same shape the router and the event transports take from createDeskCore. */
export interface CoreThread {
  handlers: Handlers;
  events: EventHub;
  /** Moves the desk's clock forward (only with `movableClock`). */
  advanceDeskClock(ms: number): Promise<void>;
  /** Closes the core (timers, sync, the database) and ends the thread. */
  close(): Promise<void>;
}

/**
 * The built app loads the bundled `core-worker.js` beside its main bundle; run from source (the
 * tests) it loads the TypeScript file through tsx. A bundle handed in (the harness's) is plain
 * JavaScript: its threads start without the host's loader, which they would otherwise inherit
 * (under tsx, `npm start` in a browser, that loader cost each start about a second).
 */
function workerEntry(given: URL | undefined): { url: URL; execArgv?: string[] } {
  if (given) return { url: given, execArgv: ['--enable-source-maps'] };
  if (!import.meta.url.endsWith('.ts')) return { url: new URL('./core-worker.js', import.meta.url) };
  // Only the loader: a worker refuses per-process flags its parent may carry (--max-old-space-size).
  return { url: new URL('./core-worker.ts', import.meta.url), execArgv: ['--import', 'tsx'] };
}

function coreStopped(why: string) {
  return failure('internal_error', `The desk's core stopped (${why}). Restart the app.`, { reason: 'core_stopped' });
}

/**
 * Starts the desk's core (createDeskCore) in a worker thread, off the thread that hosts the
 * windows and routes IPC. Rejects with a clear error when the thread cannot start (better-sqlite3
 * not loadable there, a damaged data folder): there is no fallback to running it here.
 */
export async function startCoreThread(options: CoreThreadOptions): Promise<CoreThread> {
  const init: CoreThreadInit = {
    dataDir: options.dataDir,
    demoByDefault: options.demoByDefault ?? true,
    ...(options.demoSandbox ? { demoSandbox: options.demoSandbox } : {}),
    ...(options.syncIntervalMs !== undefined ? { syncIntervalMs: options.syncIntervalMs } : {}),
    movableClock: options.movableClock ?? false,
    hosted: { printer: !!options.printer, saveFile: !!options.saveFile, demo: !!options.startDemo, log: !!options.log },
    reachable: new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT),
  };
  const entry = workerEntry(options.workerEntry);
  const worker = new Worker(entry.url, { workerData: init, name: 'desk-core', ...(entry.execArgv ? { execArgv: entry.execArgv } : {}) });
  const events = new EventHub();
  let demo: DemoService | null = null;

  const serve = async (method: string, args: unknown[]): Promise<unknown> => {
    switch (method as HostCall | HostNote) {
      case 'event':
        events.emit(args[0] as EventName, args[1] as EventPayload<EventName>);
        return null;
      case 'log':
        options.log?.(args[0] as 'info' | 'warn' | 'error', String(args[1]), args[2] as Record<string, unknown> | undefined);
        return null;
      case 'secrets.get':
        return options.secrets.get(String(args[0]), String(args[1]));
      case 'secrets.set':
        return options.secrets.set(String(args[0]), String(args[1]), String(args[2]));
      case 'secrets.delete':
        return options.secrets.delete(String(args[0]), String(args[1]));
      case 'printer.print':
        return printerOf(options).print(args[0] as LabelDocument, args[1] as PrintOptions);
      case 'printer.savePdf':
        return printerOf(options).savePdf(args[0] as LabelDocument, String(args[1]));
      case 'printer.printers':
        return printerOf(options).printers();
      case 'saveFile':
        if (!options.saveFile) throw new Error('this host saves no files');
        return options.saveFile(String(args[0]), String(args[1]), Number(args[2]));
      case 'demo.start': {
        if (!options.startDemo) throw new Error('this host runs no demo service');
        demo = await options.startDemo();
        return { baseUrl: demo.baseUrl, clientId: demo.clientId, clientSecret: demo.clientSecret, seededAnew: demo.seededAnew };
      }
      case 'demo.close': {
        const closing = demo;
        demo = null;
        await closing?.close();
        return null;
      }
    }
  };
  const rpc = new PortRpc(worker, serve);

  let exited = false;
  worker.on('error', (error) => {
    options.log?.('error', 'the desk core thread failed', { error: String(error) });
    rpc.stop(coreStopped(String(error)));
  });
  worker.on('exit', (code) => {
    exited = true;
    rpc.stop(coreStopped(`thread ended with code ${code}`));
  });

  const started = rpc.call('start');
  // Both threads load their code at once (two cores; under tsx, about a second each).
  const readerStarting = startReaderThread(readerEntryBeside(entry), { dataDir: options.dataDir, reachable: init.reachable }, started, options.log);
  let followsReader: ReadonlySet<unknown>;
  try {
    followsReader = new Set((await started) as unknown[]);
  } catch (error) {
    await readerStarting;
    await worker.terminate();
    const why = error instanceof Error ? error.message : String(error);
    throw failure('internal_error', `The desk's core could not start: ${why}`, { reason: 'start_failed' });
  }

  const reader = await readerStarting;
  // The core hears of the reader's answers that it follows up (a scan's journal line and refresh;
  // not a page of the stock list, which would only cross the thread again for nothing) once the
  // answer is on its way: copying it to the core's thread, and the core's recording of it, then
  // run beside the next call instead of before this answer. Whatever is sent to the core first
  // sends what waits, so the core hears of every call in the order it was answered.
  let followUps: unknown[][] = [];
  const sendFollowUps = (): void => {
    const waiting = followUps;
    followUps = [];
    for (const args of waiting) rpc.note('answered' satisfies ThreadNote, args);
  };
  const followUp = (args: unknown[]): void => {
    if (followUps.push(args) === 1) setImmediate(sendFollowUps);
  };
  const askCore = (channel: Channel, input: unknown): Promise<unknown> => {
    sendFollowUps();
    return rpc.call('handle', [channel, input]);
  };
  const core = (channel: Channel) => (input: unknown) => askCore(channel, input);
  // The reader answers what it can from the cache; the core answers the rest.
  const readFirst = (channel: Channel) => async (input: unknown) => {
    const answer = await reader.read(channel, input);
    if (answer === null) return askCore(channel, input);
    if (followsReader.has(channel)) followUp([channel, input, answer]);
    return answer;
  };
  const handlers = Object.fromEntries((Object.keys(channels) as Channel[]).map((channel) => [channel, reader.channels.has(channel) ? readFirst(channel) : core(channel)])) as unknown as Handlers;

  let closing: Promise<void> | null = null;
  return {
    handlers,
    events,
    async advanceDeskClock(ms) {
      if (!options.movableClock) throw new Error('the desk clock moves only with movableClock');
      sendFollowUps();
      await rpc.call('clock.advance', [ms]);
    },
    close() {
      closing ??= (async () => {
        sendFollowUps();
        // First, so that the core's close finds no reader holding the WAL open.
        await reader.close();
        if (!exited) await rpc.call('close').catch((error: unknown) => options.log?.('error', 'closing the desk core failed', { error: String(error) }));
        await worker.terminate();
        const left = demo;
        demo = null;
        await left?.close();
      })();
      return closing;
    },
  };
}

function printerOf(options: CoreThreadOptions): LabelPrinter {
  if (!options.printer) throw new Error('this host has no printer');
  return options.printer;
}
