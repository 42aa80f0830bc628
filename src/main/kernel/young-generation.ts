import { setFlagsFromString } from 'node:v8';

/**
 * Keeps V8's young generation at its starting size in this process, for good.
 *
 * A sync writes page after page, and every page is alive while it is written, so each scavenge
 * finds it alive; V8 reads that as a program whose objects live long and doubles the young
 * generation after each scavenge budget of survivors, up to 2 x 64 MB on Node 24 (its default for
 * a machine this size). At a million SKUs those 128 MB, nearly all garbage, were the largest part
 * of the main process's memory after a full sync (docs/benchmarks.md, figure 6 at 1M).
 *
 * The maximum cannot be lowered here: it is read once, when the isolate is made, and the Electron
 * main process is made before any app code runs (Electron passes `--js-flags` to it only from the
 * command line of the launch). The growth factor is read at each resize, so setting it to 1 takes
 * effect at once: that is what Electron's own `v8Flags` package.json field does, the same call at
 * the same moment. Idempotent; affects every isolate of the process made afterwards as well.
 */
export function boundYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
