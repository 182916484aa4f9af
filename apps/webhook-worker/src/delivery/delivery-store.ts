import { Injectable } from '@nestjs/common';
import { type AttemptRecord, type DeliveryForAttempt, WebhookDispatchRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { Batcher } from '../shared/batcher.js';

/**
 * Postgres access of delivery attempts, batched across the jobs in flight: one query loads
 * every delivery that jobs asked for in the same turn, one statement records every attempt
 * that finished in the same turn. Each job still waits for its own row to be written.
 */
@Injectable()
export class DeliveryStore {
  private readonly repo: WebhookDispatchRepository;
  private readonly loads: Batcher<string, DeliveryForAttempt | null>;
  private readonly records: Batcher<AttemptRecord, void>;

  constructor(db: DataSource) {
    this.repo = new WebhookDispatchRepository(db.manager);
    this.loads = new Batcher(async (ids) => {
      const found = await this.repo.loadForAttempts([...new Set(ids)]);
      return ids.map((id) => found.get(id) ?? null);
    });
    this.records = new Batcher<AttemptRecord, void>(async (attempts) => {
      await this.repo.recordAttempts(attempts);
      return attempts.map(() => undefined);
    });
  }

  load(deliveryId: string): Promise<DeliveryForAttempt | null> {
    return this.loads.call(deliveryId);
  }

  record(attempt: AttemptRecord): Promise<void> {
    return this.records.call(attempt);
  }

  fail(deliveryId: string, round: number, reason: string): Promise<void> {
    return this.repo.fail(deliveryId, round, reason);
  }
}
