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

/** Parses an RFC 3339 date-time already checked by the schema (`format: date-time`). */
export function parseTimestamp(value: string): number {
  return Date.parse(value);
}
