import { createHash } from 'node:crypto';
import { PayrailError } from '@payrail/domain';
import type { Redis } from 'ioredis';

export interface ThrottleLimits {
  perAccount: number;
  perIp: number;
  windowSeconds: number;
}

/**
 * Counts failed logins per account (hashed e-mail) and per client IP in fixed windows; at the
 * limit further attempts get 429 until the window ends, whatever the password.
 */
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: ThrottleLimits,
  ) {}

  private keys(email: string, ip: string): [string, string] {
    const account = createHash('sha256').update(email).digest('hex').slice(0, 32);
    return [`${this.prefix}:login-fail:acct:${account}`, `${this.prefix}:login-fail:ip:${ip}`];
  }

  async assertAllowed(email: string, ip: string): Promise<void> {
    const [account, address] = this.keys(email, ip);
    const [a, i] = await this.redis.mget(account, address);
    if (Number(a ?? 0) >= this.limits.perAccount || Number(i ?? 0) >= this.limits.perIp) {
      const ttl = Math.max(await this.redis.ttl(account), await this.redis.ttl(address), 1);
      throw new PayrailError('RATE_LIMITED', 'Too many failed sign-in attempts; try again later', { retryAfterSeconds: ttl });
    }
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const pipeline = this.redis.multi();
    for (const key of this.keys(email, ip)) pipeline.incr(key).expire(key, this.limits.windowSeconds, 'NX');
    await pipeline.exec();
  }

  async reset(email: string, ip: string): Promise<void> {
    await this.redis.del(this.keys(email, ip)[0]);
  }
}
