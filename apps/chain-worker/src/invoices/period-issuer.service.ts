import { Inject, Injectable, Logger, type OnApplicationBootstrap, type BeforeApplicationShutdown } from '@nestjs/common';
import { appendToOutbox, InvoicesRepository, RequestsRepository } from '@payrail/persistence';
import { CLOCK, type Clock, PollingLoop } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ChainWorkerEnv } from '../config/chain-worker.env.js';
import { periodRequest, recurringEvent } from './period-request.js';

/**
 * Recurring invoices: when a series' next period starts (`next_period_at` of its first request), its
 * request is issued, with `request.recurring` in the outbox in the same transaction, and the series
 * is due again at the start of the following period. Every RECURRING_INVOICES_INTERVAL_MS, on every
 * replica: each batch claims its series FOR UPDATE SKIP LOCKED, so replicas take disjoint series, and
 * the unique (original_request_id, recurrence_period) index refuses a second request for one period.
 * A stopped series has no next period. Periods missed while no worker ran are issued one by one, in order.
 * Time comes from CLOCK (tests move it).
 */
@Injectable()
export class PeriodIssuer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('RecurringInvoices');
  private readonly loop: PollingLoop;
  private stopping = false;

  constructor(
    private readonly db: DataSource,
    @Inject(ChainWorkerEnv) private readonly env: ChainWorkerEnv,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.loop = new PollingLoop({
      intervalMs: env.RECURRING_INVOICES_INTERVAL_MS,
      pass: async () => {
        const issued = await this.issueDue();
        if (issued > 0) this.logger.log({ issued }, 'recurring invoice periods issued');
        return false; // a pass already repeats until nothing is due
      },
      logger: this.logger,
      failureMessage: 'recurring invoice pass failed; retrying',
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  /** Runs a pass now instead of after the interval. */
  wake(): void {
    this.loop.wake();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.loop.stop();
  }

  /** One pass at the clock's time: batches until no series is due; returns how many period requests were issued. */
  async issueDue(): Promise<number> {
    const now = new Date(this.clock.now());
    let total = 0;
    for (;;) {
      const issued = await this.db.transaction(async (m) => {
        const invoices = new InvoicesRepository(m);
        const due = await invoices.dueSeries(now, this.env.RECURRING_INVOICES_BATCH_SIZE);
        const events = [];
        for (const root of due) {
          const period = (root.recurrencePeriod ?? 0) + 1;
          const request = periodRequest(root, period);
          await new RequestsRepository(m).insert([request]);
          await invoices.advance(root.id, period);
          const clientId = await invoices.publicClientId(root.clientIdId);
          events.push(recurringEvent(root, request, { period, periodStart: root.nextPeriodAt!, clientId, at: now }));
        }
        await appendToOutbox(m, events);
        return due.length;
      });
      total += issued;
      if (issued === 0 || this.stopping) return total;
    }
  }
}
