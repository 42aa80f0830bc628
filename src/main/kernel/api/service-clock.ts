// The service's clock, as the desk learns it from the `Date` header every HTTP answer carries
// (RFC 9110 §6.6.1). What the service remembers for a while (an Idempotency-Key, records changed
// since a time) is measured on its clock, not the desk's, which a worker or a bad battery can set
// anywhere.

/** The instant an HTTP-date names, in ms since the epoch; null when absent or unreadable. */
export function parseHttpDate(value: string | null): number | null {
  if (value === null) return null;
  const ms = Date.parse(value.trim());
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The latest reading of the service's clock, carried forward on a clock that changes to the desk's
 * wall clock do not move (`performance.now`).
 *
 * `lowerBound()` is a time the service's clock has certainly reached: a `Date` header is the
 * second the answer was made in, rounded down, and the monotonic clock may stand still while the
 * machine sleeps (Linux's CLOCK_MONOTONIC does), which only makes the bound earlier. It is never
 * "now" at the service: where an upper bound is needed (how long ago was that?), ask the service.
 */
export class ServiceClock {
  readonly #mono: () => number;
  /** serviceMs - mono at the reading that gives the highest bound. */
  #base: number | null = null;

  constructor(mono: () => number = () => performance.now()) {
    this.#mono = mono;
  }

  /** Records the `Date` of an answer that just arrived; returns it in ms (null when none). */
  observe(dateHeader: string | null): number | null {
    const serviceMs = parseHttpDate(dateHeader);
    if (serviceMs === null) return null;
    const base = serviceMs - this.#mono();
    if (this.#base === null || base > this.#base) this.#base = base;
    return serviceMs;
  }

  lowerBound(): number | null {
    return this.#base === null ? null : Math.floor(this.#base + this.#mono());
  }
}
