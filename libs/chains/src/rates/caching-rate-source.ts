import { RateError, type RateSource, type UsdRate } from './rate-source.js';

/** Milliseconds since the epoch; injectable for tests. */
export type Clock = () => number;

/**
 * Keeps each successful read for `ttlMs` and shares one in-flight read between concurrent
 * callers; failures are not cached, so the next call tries again.
 */
export class CachingRateSource implements RateSource {
  private readonly cache = new Map<string, { rate: UsdRate; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<UsdRate>>();

  constructor(
    private readonly inner: RateSource,
    private readonly ttlMs: number,
    private readonly now: Clock = Date.now,
  ) {}

  async usdRate(network: string, asset: string): Promise<UsdRate> {
    const key = `${network}\u0000${asset}`;
    const hit = this.cache.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.rate;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const read = this.inner.usdRate(network, asset).then(
      (rate) => {
        this.cache.set(key, { rate, expiresAt: this.now() + this.ttlMs });
        this.inFlight.delete(key);
        return rate;
      },
      (error: unknown) => {
        this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, read);
    return read;
  }
}

/** Refuses a rate whose feed was last updated more than `maxAgeSeconds` ago (RateError STALE). */
export class MaxAgeRateSource implements RateSource {
  constructor(
    private readonly inner: RateSource,
    private readonly maxAgeSeconds: number,
    private readonly now: Clock = Date.now,
  ) {}

  async usdRate(network: string, asset: string): Promise<UsdRate> {
    const rate = await this.inner.usdRate(network, asset);
    const age = Math.floor(this.now() / 1000) - rate.updatedAt;
    if (age > this.maxAgeSeconds) {
      throw new RateError('STALE', `Rate ${asset}/USD on ${network} is ${age} s old (maximum ${this.maxAgeSeconds} s)`);
    }
    return rate;
  }
}
