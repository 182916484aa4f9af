import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ACCESS_REJECTED_SUPPRESSION_SECONDS } from '@payrail/domain';
import { WebhookDispatchRepository } from '@payrail/persistence';
import { BaseEnv, REDIS } from '@payrail/platform';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';

/**
 * Claims the window for an event: free (or already this event's) -> take it and answer
 * "ok"; otherwise answer the event id holding it.
 */
const CLAIM = `
local current = redis.call('GET', KEYS[1])
if not current or current == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
  return 'ok'
end
return current`;

/** Hands the window over from `previous` to `next`, only if `previous` still holds it. */
const HAND_OVER = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
  return 1
end
return 0`;

/**
 * `secure_payment.access_rejected` suppression: one notification per (payment, wallet) per
 * 10 minutes, shared by every worker through Redis. The window's key holds the outbox id
 * of the notification that opened it; a later attempt is let through anyway when that
 * notification failed at every endpoint (none of its deliveries is pending or succeeded).
 */
@Injectable()
export class AccessRejectedSuppression {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(BaseEnv) private readonly env: BaseEnv,
    private readonly db: DataSource,
  ) {}

  /** Whether this event may notify; it then holds the window. */
  async mayNotify(outboxEventId: string, subject: string): Promise<boolean> {
    const key = `${this.env.QUEUE_PREFIX}:webhooks:access-rejected:${createHash('sha256').update(subject).digest('hex')}`;
    const claim = (await this.redis.eval(CLAIM, 1, key, outboxEventId, ACCESS_REJECTED_SUPPRESSION_SECONDS)) as string;
    if (claim === 'ok') return true;
    const previous = await new WebhookDispatchRepository(this.db.manager).statusCountsOfEvent(claim);
    if (previous.pending > 0 || previous.succeeded > 0) return false;
    const handedOver = await this.redis.eval(HAND_OVER, 1, key, claim, outboxEventId, ACCESS_REJECTED_SUPPRESSION_SECONDS);
    return handedOver === 1;
  }
}
