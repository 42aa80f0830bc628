import type { SandboxOptions } from '../../sandbox';

/**
 * What the core's thread is started with (its workerData): plain data only. What the host must do
 * itself (the keychain, printing, save dialogs, a demo service it runs, its log) the thread asks
 * for over the port; `hosted` says which of those the host offers.
 */
export interface CoreThreadInit {
  dataDir: string;
  demoByDefault: boolean;
  demoSandbox?: Partial<SandboxOptions>;
  syncIntervalMs?: number;
  /** The harness's test controls move the desk's clock with the sandbox's (`clock.advance`). */
  movableClock: boolean;
  hosted: { printer: boolean; saveFile: boolean; demo: boolean; log: boolean };
  /**
   * One Int32, 1 while the core would ask the service for a fresh copy after a cached answer
   * (DeskCore.serviceReachable): the core's thread keeps it, the reader's thread reads it.
   */
  reachable: SharedArrayBuffer;
}

/** What the reader's thread is started with (reader-worker.ts). */
export interface ReaderThreadInit {
  /** The core's data folder: its cache file is opened read-only. */
  dataDir: string;
  /** The core's CoreThreadInit.reachable. */
  reachable: SharedArrayBuffer;
}

/** The calls the thread makes to its host. */
export const HOST_CALLS = [
  'secrets.get',
  'secrets.set',
  'secrets.delete',
  'printer.print',
  'printer.savePdf',
  'printer.printers',
  'saveFile',
  'demo.start',
  'demo.close',
] as const;
export type HostCall = (typeof HOST_CALLS)[number];

/** The one-way notes the thread sends its host. */
export type HostNote = 'event' | 'log';

/** The calls the host makes to the thread. */
export type ThreadCall = 'start' | 'handle' | 'clock.advance' | 'close';

/** The one-way notes the host sends the thread: a call the reader answered in its place. */
export type ThreadNote = 'answered';

/** The calls the host makes to the reader's thread: open the cache (once the core made it) and say which channels it answers, then those calls. */
export type ReaderCall = 'open' | 'read' | 'close';
