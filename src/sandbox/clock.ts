// Time for records: milliseconds since the epoch, written as RFC 3339 UTC strings.

/**
 * One sandbox instance's sense of "now": the system clock plus an offset that only tests move
 * (`RunningSandbox.advanceClock`), so what depends on elapsed time (token expiry, the idempotency
 * horizon, `updated_at`) can be tried a day later without waiting a day. It only moves forward.
 */
export class SandboxClock {
  #offsetMs = 0;

  now(): number {
    return Date.now() + this.#offsetMs;
  }

  /** A new `updated_at` that is strictly later than the previous one, even within one millisecond. */
  nextUpdate(previousMs: number): number {
    return Math.max(this.now(), previousMs + 1);
  }

  advance(ms: number): void {
    if (!(Number.isSafeInteger(ms) && ms >= 0)) throw new RangeError('the sandbox clock moves forward by a whole number of ms >= 0');
    this.#offsetMs += ms;
  }
}

export function toTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}

/** The seconds field of an RFC 3339 date-time when it is a leap second (`23:59:60`). */
const LEAP_SECOND = /^([0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}:)60/;

/**
 * Parses an RFC 3339 date-time already checked by the schema (`format: date-time`). RFC 3339
 * allows a leap second (`:60`), which `Date` cannot hold (it gives NaN, and a NaN filter matches
 * nothing): it is read as the instant it ends in, one second after `:59` (as POSIX time does).
 */
export function parseTimestamp(value: string): number {
  const ms = Date.parse(value);
  if (!Number.isNaN(ms) || !LEAP_SECOND.test(value)) return ms;
  return Date.parse(value.replace(LEAP_SECOND, '$159')) + 1000;
}
