// Token bucket per key (an owner, or a client address for the token endpoint): `perSecond`
// tokens flow in continuously up to `burst`; each request takes one.

export interface RateLimitSettings {
  perSecond: number;
  burst: number;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly now: () => number = () => Date.now(),
  ) {
    if (!(settings.perSecond > 0) || !(settings.burst >= 1)) throw new RangeError('rateLimit needs perSecond > 0 and burst >= 1');
  }

  take(key: string): RateDecision {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.settings.burst, at: now };
    bucket.tokens = Math.min(this.settings.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.settings.perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.settings.perSecond)) };
  }
}
