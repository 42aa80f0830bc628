// How big the hardening runs are. `short` in `npm test` and for a file run on its own: the least
// each suite must do (10,400 IPC calls, 50 kills), with a new seed every run, so the runs together
// cover more than any one; `ci` (1.5 to 3 times short) and `long` (HARDENING_LONG=1) before a
// release, when a suite changed, or to chase a failure. A replay needs the same size.
import { seededRandom as fromSeed } from '../../support/seeded-random';

export type HardeningSize = 'short' | 'ci' | 'long';

function sizeFromEnv(): HardeningSize {
  if (process.env['HARDENING_LONG'] === '1') return 'long';
  const named = process.env['HARDENING_SIZE'] ?? 'short';
  if (named === 'short' || named === 'ci' || named === 'long') return named;
  throw new Error(`HARDENING_SIZE must be short, ci or long, not ${named}`);
}

export const SIZE: HardeningSize = sizeFromEnv();

/** The count (or time limit) for this run's size. */
export function runs(short: number, ci: number, long: number): number {
  return SIZE === 'long' ? long : SIZE === 'ci' ? ci : short;
}

/** The run's seed, chosen and printed by vitest.config.ts (a new one each run); HARDENING_SEED=<n> replays a run. */
const given = Number(process.env['HARDENING_SEED']);
if (!Number.isSafeInteger(given)) throw new Error(`HARDENING_SEED must be an integer (vitest.config.ts sets one), not ${process.env['HARDENING_SEED']}`);
export const SEED = given;

/** A generator seeded with the run's seed, so a failing run replays with HARDENING_SEED. */
export function seededRandom(seed: number = SEED): () => number {
  return fromSeed(seed);
}
