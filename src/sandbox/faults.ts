// Fault injection per sandbox instance: added latency, a share of 503 answers, a share of
// dropped connections, and a switch that makes the server unreachable.
//
// Shares are applied deterministically by error diffusion rather than by dice: with
// failureRate 0.25 exactly every 4th request fails, so tests can count on the share.

export interface FaultSettings {
  latencyMs: number;
  /** 0..1 share of requests answered 503 service_unavailable. */
  failureRate: number;
  /** 0..1 share of requests whose socket is destroyed without an answer. */
  dropRate: number;
  /** Connections are reset at once: the client sees a network error, never an HTTP answer. */
  unreachable: boolean;
}

export const NO_FAULTS: Readonly<FaultSettings> = { latencyMs: 0, failureRate: 0, dropRate: 0, unreachable: false };

function checkShare(name: string, value: number): void {
  if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} must be between 0 and 1`);
}

export class Faults {
  private current: FaultSettings = { ...NO_FAULTS };
  private failureCredit = 0;
  private dropCredit = 0;

  get settings(): Readonly<FaultSettings> {
    return this.current;
  }

  set(partial: Partial<FaultSettings>): FaultSettings {
    const next = { ...this.current, ...partial };
    if (!(Number.isFinite(next.latencyMs) && next.latencyMs >= 0)) throw new RangeError('latencyMs must be a finite number >= 0');
    checkShare('failureRate', next.failureRate);
    checkShare('dropRate', next.dropRate);
    if (partial.failureRate !== undefined) this.failureCredit = 0;
    if (partial.dropRate !== undefined) this.dropCredit = 0;
    this.current = next;
    return next;
  }

  private take(rate: number, credit: 'failureCredit' | 'dropCredit'): boolean {
    if (rate <= 0) return false;
    this[credit] += rate;
    if (this[credit] >= 1 - 1e-9) {
      this[credit] -= 1;
      return true;
    }
    return false;
  }

  /** Decides for one request whether its connection is dropped. */
  shouldDrop(): boolean {
    return this.take(this.current.dropRate, 'dropCredit');
  }

  /** Decides for one request whether it is answered 503. */
  shouldFail(): boolean {
    return this.take(this.current.failureRate, 'failureCredit');
  }
}
