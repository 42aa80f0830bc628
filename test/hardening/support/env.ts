// Default runs keep `npm test` short; HARDENING_LONG=1 runs the long variants (CI, before a release).
export const LONG = process.env['HARDENING_LONG'] === '1';

/** `short` in a default run, `long` under HARDENING_LONG=1. */
export function runs(short: number, long: number): number {
  return LONG ? long : short;
}

/** A new seed each run (fast-check prints it with a failure); HARDENING_SEED=<n> replays that run. */
export const SEED = process.env['HARDENING_SEED'] !== undefined ? Number(process.env['HARDENING_SEED']) : Date.now() % 2_147_483_647;
