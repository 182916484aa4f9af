import { Injectable } from '@nestjs/common';
import { metricsRegistry, ScrapedGauge, type Sample } from '@payrail/platform';
import { Counter } from 'prom-client';

export type RecurringOutcome = 'due' | 'sent' | 'confirmed' | 'failed' | 'paused';
const OUTCOMES: readonly RecurringOutcome[] = ['due', 'sent', 'confirmed', 'failed', 'paused'];

// Registered once per process (prom-client refuses a name twice).
const executions = new Counter({
  name: 'payrail_recurring_executions_total',
  help: 'Recurring payment executions by network and step: due (claimed), sent, confirmed, failed, paused (schedule paused after failures)',
  labelNames: ['network', 'outcome'] as const,
  registers: [metricsRegistry],
});
const relayerBalance = new ScrapedGauge({
  name: 'payrail_recurring_relayer_balance_coins',
  help: "The relayer's balance in the network's native coin (ETH, POL, ...), read at scrape time",
  labelNames: ['network'] as const,
});

/** The recurring executor's step counters and the relayer balance gauge. */
@Injectable()
export class RecurringMetrics {
  /** Starts a network's steps at 0, so rates and alerts see the series before the first execution. */
  startNetwork(network: string): void {
    for (const outcome of OUTCOMES) executions.inc({ network, outcome }, 0);
  }

  observe(network: string, outcome: RecurringOutcome): void {
    executions.inc({ network, outcome });
  }

  /** The relayer balances per network (native coin), read at each scrape. */
  readRelayerBalances(read: () => Promise<Sample<'network'>[]>): void {
    relayerBalance.readFrom(read);
  }
}
