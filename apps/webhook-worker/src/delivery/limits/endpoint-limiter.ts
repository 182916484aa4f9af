import { Inject, Injectable } from '@nestjs/common';
import { RateLimiter, REDIS } from '@payrail/platform';
import { endpointConcurrencyCap } from '@payrail/webhooks';
import type { Redis } from 'ioredis';
import { WebhookWorkerEnv } from '../../config/webhook-worker.env.js';
import { EndpointSlots } from './endpoint-slots.js';

export interface EndpointLimits {
  id: string;
  maxConcurrency: number | null;
  maxPerSecond: number | null;
}

/** 'go' with a release to call when the attempt ends, or 'wait' this long before trying again. */
export type LimitDecision = { kind: 'go'; release: () => void } | { kind: 'wait'; ms: number };

/**
 * Per-endpoint limits (issue #22), so one slow receiver never holds the worker slots other
 * endpoints' deliveries need: at most `maxConcurrency` attempts in flight per worker process
 * (EndpointSlots: exact, in memory, since the slots being protected are this process's), and
 * at most `maxPerSecond` started per second across every worker (the platform's Redis
 * sliding-window limiter, shared by replicas). A refused job goes back to BullMQ's delayed set,
 * where it holds no slot.
 */
@Injectable()
export class EndpointLimiter {
  private readonly slots = new EndpointSlots();
  private readonly rate: RateLimiter;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(WebhookWorkerEnv) private readonly env: WebhookWorkerEnv,
  ) {
    // Never block an endpoint beyond its window: blocks are for abusive API callers, not receivers.
    this.rate = new RateLimiter(redis, `${env.QUEUE_PREFIX}:webhook-endpoint`, {
      afterRejections: 1_000_000_000,
      windowSeconds: 1,
      blockSeconds: 1,
    });
  }

  async acquire(endpoint: EndpointLimits): Promise<LimitDecision> {
    // A value stored before the cap existed (or under a larger share) is applied at the cap.
    const max = Math.min(endpoint.maxConcurrency ?? this.env.WEBHOOK_ENDPOINT_MAX_CONCURRENCY, endpointConcurrencyCap(this.env));
    const slot = await this.slots.acquire(endpoint.id, max);
    if (slot.kind === 'wait') return slot;
    const perSecond = endpoint.maxPerSecond ?? this.env.WEBHOOK_ENDPOINT_MAX_PER_SECOND;
    if (perSecond > 0) {
      try {
        const decision = await this.rate.consume(`ep:${endpoint.id}`, { perSecond, perMinute: perSecond * 60 });
        if (!decision.allowed) {
          slot.release();
          return { kind: 'wait', ms: 50 + Math.floor(Math.random() * Math.max(1, decision.resetSeconds) * 1000) };
        }
      } catch (error) {
        slot.release();
        throw error;
      }
    }
    return slot;
  }
}
