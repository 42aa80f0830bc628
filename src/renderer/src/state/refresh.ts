/**
 * How long a cached answer may say "checking the service" while main refreshes it. A refresh that
 * never reports back (the service refused, the network dropped, a rate limit) must not say so for
 * ever; the cached figures stand, with their "as of" time.
 */
export const REFRESH_GIVE_UP_MS = 10_000;
