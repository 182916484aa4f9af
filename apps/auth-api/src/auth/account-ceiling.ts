import { createHash, randomBytes } from 'node:crypto';
import { PayrailError } from '@payrail/domain';
import { clientIpBucket, FAILED_AUTH_SCRIPT, noRedisTimeShift, rateLimitRejections, type RedisTimeShift } from '@payrail/platform';
import type { Redis } from 'ioredis';

export interface AccountCeilingPolicy {
  /** Failed sign-ins of one account, from every address together, within the window. */
  maxFailures: number;
  windowMs: number;
  /** How long an address an account signed in from stays known to it (renewed by each sign-in). */
  knownForMs: number;
}

type FailureLogCommand = (key: string, shift: number, windowMs: number, allowed: number, member: string) => Promise<number>;

const MEMBER_PREFIX = randomBytes(8).toString('hex');
let memberSeq = 0;

/**
 * A ceiling on password guessing per account across addresses: the (account, IP) back-off
 * (LoginThrottle) alone lets a guesser with many IPv6 /64s try without end. Once an account has
 * `maxFailures` failed sign-ins within the window (a sliding log on Redis time, the same script
 * as the failed-auth brake), sign-in to it is refused (429, Retry-After) from every address
 * except those the account signed in from before (for `knownForMs`), so the owner's usual
 * addresses keep working under the per-pair back-off, and a guesser cannot lock the owner out:
 * the ceiling lifts by itself a window after the guessing stops.
 */
export class AccountCeiling {
  private readonly command: FailureLogCommand;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly policy: AccountCeilingPolicy,
    private readonly timeShift: RedisTimeShift = noRedisTimeShift,
  ) {
    if (!('payrailFailedAuth' in redis)) redis.defineCommand('payrailFailedAuth', { numberOfKeys: 1, lua: FAILED_AUTH_SCRIPT });
    this.command = (redis as unknown as { payrailFailedAuth: FailureLogCommand }).payrailFailedAuth.bind(redis);
  }

  private keys(email: string): { failures: string; known: string } {
    const account = createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
    return { failures: `${this.prefix}:login-account-fail:{${account}}`, known: `${this.prefix}:login-known:{${account}}` };
  }

  /** 429 when the account is over its ceiling and this address never signed in to it. */
  async check(email: string, ip: string | undefined): Promise<void> {
    const { failures, known } = this.keys(email);
    const waitMs = await this.command(failures, this.timeShift(), this.policy.windowMs, this.policy.maxFailures, '');
    if (waitMs <= 0 || (await this.redis.sismember(known, clientIpBucket(ip))) === 1) return;
    rateLimitRejections.inc({ class: 'login-account' });
    throw new PayrailError('RATE_LIMITED', 'Too many failed sign-in attempts on this account; try again later', {
      retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)),
    });
  }

  /** Counts a failed sign-in of the account. */
  async failed(email: string): Promise<void> {
    const member = `${MEMBER_PREFIX}:${(memberSeq = (memberSeq + 1) % Number.MAX_SAFE_INTEGER)}`;
    await this.command(this.keys(email).failures, this.timeShift(), this.policy.windowMs, this.policy.maxFailures, member);
  }

  /** Remembers the address of a successful sign-in as one of the account's own. */
  async succeeded(email: string, ip: string | undefined): Promise<void> {
    const { known } = this.keys(email);
    await this.redis.multi().sadd(known, clientIpBucket(ip)).pexpire(known, this.policy.knownForMs).exec();
  }
}
