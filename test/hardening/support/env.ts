// Default runs keep `npm test` short; HARDENING_LONG=1 runs the long variants (CI, before a release).
export const LONG = process.env['HARDENING_LONG'] === '1';

/** `short` in a default run, `long` under HARDENING_LONG=1. */
export function runs(short: number, long: number): number {
  return LONG ? long : short;
}

/** The run's seed, chosen and printed by vitest.config.ts (a new one each run); HARDENING_SEED=<n> replays a run. */
const given = Number(process.env['HARDENING_SEED']);
if (!Number.isSafeInteger(given)) throw new Error(`HARDENING_SEED must be an integer (vitest.config.ts sets one), not ${process.env['HARDENING_SEED']}`);
export const SEED = given;
