import { Injectable } from '@nestjs/common';
import { type AttemptRecord, type DeliveryForAttempt, WebhookDispatchRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type DataLoader from 'dataloader';
import { batchLoader } from '../shared/batch-loader.js';

/**
 * How long the attempts that ended wait for more to share their statement. Postgres plans each
 * statement afresh: at thousands of attempts per second, rows written 10 ms at a time cost it a
 * fraction of those written as they come (issue #24). The wait is after the receiver answered
 * (its slots are free again) and before the outcome counts: a retry is queued after it.
 */
const RECORD_LINGER_MS = 10;

/**
 * Postgres access of delivery attempts, batched across the jobs in flight: one query loads
 * every delivery that jobs asked for in the same turn, one statement records every attempt
 * that finished within RECORD_LINGER_MS. Each job still waits for its own row to be written.
 */
@Injectable()
export class DeliveryStore {
  private readonly repo: WebhookDispatchRepository;
  private readonly loads: DataLoader<string, DeliveryForAttempt | null>;
  private readonly records: DataLoader<AttemptRecord, void>;

  constructor(db: DataSource) {
    this.repo = new WebhookDispatchRepository(db.manager);
    this.loads = batchLoader(async (ids) => {
      const found = await this.repo.loadForAttempts([...new Set(ids)]);
      return ids.map((id) => found.get(id) ?? null);
    });
    this.records = batchLoader(
      async (attempts) => {
        await this.repo.recordAttempts([...attempts]);
        return attempts.map(() => undefined);
      },
      { maxBatch: 500, lingerMs: RECORD_LINGER_MS },
    );
  }

  load(deliveryId: string): Promise<DeliveryForAttempt | null> {
    return this.loads.load(deliveryId);
  }

  record(attempt: AttemptRecord): Promise<void> {
    return this.records.load(attempt);
  }

  fail(deliveryId: string, round: number, reason: string): Promise<void> {
    return this.repo.fail(deliveryId, round, reason);
  }
}
