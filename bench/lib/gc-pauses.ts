// The garbage collector's pauses of this thread over an interval, from the `gc` performance
// entries: a stall of the router's thread that lines up with one is the thread's own heap, not
// the core's work or the machine.
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

export interface GcPauses {
  count: number;
  totalMs: number;
  maxMs: number;
  /** Pauses of 10 ms or more: the ones a frame would feel. */
  over10Ms: number;
  /** The longest pause of each kind of collection that ran (minor = scavenge of the young generation, major = mark-sweep). */
  maxMsByKind: Record<string, number>;
}

// node:perf_hooks constants.NODE_PERFORMANCE_GC_*: what a `gc` entry's detail.kind says.
const KINDS: Record<number, string> = { 1: 'minor', 4: 'major', 8: 'incremental', 16: 'weakcb' };
const round = (ms: number): number => Math.round(ms * 100) / 100;

export function watchGcPauses(): { stop(): GcPauses } {
  const pauses: number[] = [];
  const byKind: Record<string, number> = {};
  const note = (entry: PerformanceEntry): void => {
    pauses.push(entry.duration);
    const kind = KINDS[(entry as PerformanceEntry & { detail?: { kind?: number } | null }).detail?.kind ?? 0] ?? 'other';
    byKind[kind] = Math.max(byKind[kind] ?? 0, round(entry.duration));
  };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) note(entry);
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      for (const entry of observer.takeRecords()) note(entry);
      observer.disconnect();
      return {
        count: pauses.length,
        totalMs: round(pauses.reduce((a, b) => a + b, 0)),
        maxMs: round(Math.max(0, ...pauses)),
        over10Ms: pauses.filter((ms) => ms >= 10).length,
        maxMsByKind: byKind,
      };
    },
  };
}
