import { setFlagsFromString } from 'node:v8';

/**
 * Keeps V8's young generation at its starting size in this process, for good.
 *
 * A sync writes page after page, and every page is alive while it is written, so each scavenge
 * finds it alive; V8 reads that as a program whose objects live long and doubles the young
 * generation after each scavenge budget of survivors, up to 2 x 64 MB on Node 24 (its default for
 * a machine this size). At a million SKUs those 128 MB, nearly all garbage, were the largest part
 * of the main process's memory after a full sync (docs/benchmarks.md, "The young generation").
 *
 * The maximum cannot be lowered here: it is read once, when the isolate is made, and the Electron
 * main process is made before any app code runs (Electron passes `--js-flags` to it only from the
 * command line of the launch). The growth factor is read at each resize, so setting it to 1 takes
 * effect at once. Electron makes the same call for a package.json's `v8Flags` field, in its main
 * process after start-up, so the flags are not frozen there. Idempotent; process-wide, worker
 * threads included.
 */
export function boundYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
