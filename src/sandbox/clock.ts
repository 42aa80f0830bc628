// Time for records: milliseconds since the epoch, written as RFC 3339 UTC strings.

export function nowMs(): number {
  return Date.now();
}

/** A new `updated_at` that is strictly later than the previous one, even within one millisecond. */
export function nextUpdate(previousMs: number): number {
  return Math.max(Date.now(), previousMs + 1);
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
