import { Inject, Injectable } from '@nestjs/common';
import { RateLimiter, REDIS } from '@payrail/platform';
import type { Redis } from 'ioredis';
import { WebhookWorkerEnv } from '../config/webhook-worker.env.js';

export interface EndpointLimits {
  id: string;
  maxConcurrency: number | null;
  maxPerSecond: number | null;
}

/** 'go' with a release to call when the attempt ends, or 'wait' this long before trying again. */
export type LimitDecision = { kind: 'go'; release: () => void } | { kind: 'wait'; ms: number };

/** Put back this long (plus jitter) when the endpoint has its attempts in flight already. */
const BUSY_DELAY_MS = 500;

/**
 * Per-endpoint limits (issue #22), so one slow receiver never holds the worker's slots that
 * other endpoints' deliveries need: at most `maxConcurrency` attempts in flight per worker
 * process (exact, in memory: the slots being protected are this process's), and at most
 * `maxPerSecond` started per second across every worker (the platform's Redis sliding-window
 * limiter, shared by replicas). A refused job is put back in BullMQ's delayed set, so it
 * holds no slot while it waits.
 */
@Injectable()
export class EndpointLimiter {
  private readonly inFlight = new Map<string, number>();
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
    const maxConcurrency = endpoint.maxConcurrency ?? this.env.WEBHOOK_ENDPOINT_MAX_CONCURRENCY;
    const running = this.inFlight.get(endpoint.id) ?? 0;
    if (running >= maxConcurrency) return { kind: 'wait', ms: BUSY_DELAY_MS + Math.floor(Math.random() * BUSY_DELAY_MS) };
    this.inFlight.set(endpoint.id, running + 1);
    const perSecond = endpoint.maxPerSecond ?? this.env.WEBHOOK_ENDPOINT_MAX_PER_SECOND;
    if (perSecond > 0) {
      try {
        const decision = await this.rate.consume(`ep:${endpoint.id}`, { perSecond, perMinute: perSecond * 60 });
        if (!decision.allowed) {
          this.release(endpoint.id);
          return { kind: 'wait', ms: Math.max(1, decision.resetSeconds) * 1000 * Math.random() + 50 };
        }
      } catch (error) {
        this.release(endpoint.id);
        throw error;
      }
    }
    let released = false;
    return {
      kind: 'go',
      release: () => {
        if (!released) this.release(endpoint.id);
        released = true;
      },
    };
  }

  private release(endpointId: string): void {
    const running = (this.inFlight.get(endpointId) ?? 1) - 1;
    if (running <= 0) this.inFlight.delete(endpointId);
    else this.inFlight.set(endpointId, running);
  }
}
