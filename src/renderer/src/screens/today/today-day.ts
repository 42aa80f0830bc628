/**
 * The days of the Today screen, in the window's own time zone: a day is a calendar date
 * (YYYY-MM-DD) and runs from its local midnight to the next, 23 to 25 hours when the clocks change.
 */

const pad = (n: number): string => String(n).padStart(2, '0');

/** The calendar date of this moment, here. */
export function dayOf(when: Date): string {
  return `${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}`;
}

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y!, m! - 1, d!];
}

/** The day `by` days later (earlier when negative). */
export function shiftDay(day: string, by: number): string {
  const [y, m, d] = parts(day);
  return dayOf(new Date(y, m, d + by));
}

/** Its local midnight and the next, as the summary asks for them. */
export function dayBounds(day: string): { from: string; to: string } {
  const [y, m, d] = parts(day);
  return { from: new Date(y, m, d).toISOString(), to: new Date(y, m, d + 1).toISOString() };
}

/** The start of each hour of the day (the clock hour a worker reads, so 02:00 is missing on the spring day). */
export function hourStarts(from: string, hours: number): Date[] {
  const start = Date.parse(from);
  return Array.from({ length: hours }, (_, i) => new Date(start + i * 3_600_000));
}
