// The floor of an event-loop delay on a shared machine: the delay of a thread that does nothing,
// in the same process and over the same interval. What it shows is the operating system's (other
// processes holding both CPUs), not the desk's; a delay of the router's thread far above it is
// the desk's own work.
import { Worker } from 'node:worker_threads';

export interface LoopDelay {
  /** ms beyond the monitor's interval. */
  maxMs: number;
  p99Ms: number;
  p50Ms: number;
  samples: number;
  resolutionMs: number;
}

/** Node's monitor records the time between its timer's callbacks: what exceeds its interval is delay. */
export function loopDelayOf(h: { max: number; count: number; percentile(p: number): number }, resolutionMs: number): LoopDelay {
  const delay = (ns: number): number => Math.round(Math.max(0, ns / 1e6 - resolutionMs) * 100) / 100;
  return { maxMs: delay(h.max), p99Ms: delay(h.percentile(99)), p50Ms: delay(h.percentile(50)), samples: h.count, resolutionMs };
}

// A string worker: nothing to load but Node's own modules, so it starts at once and stays idle.
const IDLE_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { monitorEventLoopDelay } = require('node:perf_hooks');
let h = null;
parentPort.on('message', (m) => {
  if (m === 'start') { h = monitorEventLoopDelay({ resolution: workerData }); h.enable(); return; }
  h.disable();
  parentPort.postMessage({ max: h.max, count: h.count, p99: h.percentile(99), p50: h.percentile(50) });
});`;

export interface LoopFloor {
  start(): void;
  stop(): Promise<LoopDelay>;
  close(): Promise<void>;
}

export function startLoopFloor(resolutionMs: number): LoopFloor {
  // No inherited flags: the thread runs plain JavaScript.
  const worker = new Worker(IDLE_THREAD, { eval: true, workerData: resolutionMs, execArgv: [], name: 'loop-floor' });
  return {
    start: () => worker.postMessage('start'),
    stop: () =>
      new Promise((resolve) => {
        worker.once('message', (m: { max: number; count: number; p99: number; p50: number }) =>
          resolve(loopDelayOf({ max: m.max, count: m.count, percentile: (p) => (p === 99 ? m.p99 : m.p50) }, resolutionMs)),
        );
        worker.postMessage('stop');
      }),
    close: async () => void (await worker.terminate()),
  };
}
