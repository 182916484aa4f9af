import { Injectable } from '@nestjs/common';
import { FAILURE_REASONS } from '@payrail/domain';
import { metricsRegistry, ScrapedGauge, type Sample } from '@payrail/platform';
import { Counter, Histogram } from 'prom-client';

export type RecurringOutcome = 'due' | 'sent' | 'confirmed' | 'failed' | 'paused';
const OUTCOMES: readonly RecurringOutcome[] = ['due', 'sent', 'confirmed', 'failed', 'paused'];

// Registered once per process (prom-client refuses a name twice).
const registers = [metricsRegistry];
const executions = new Counter({
  name: 'payrail_recurring_executions_total',
  help: 'Recurring payment executions by network and step: due (claimed), sent, confirmed, failed, paused (schedule paused by dunning: past due)',
  labelNames: ['network', 'outcome'] as const,
  registers,
});
const relayerBalance = new ScrapedGauge({
  name: 'payrail_recurring_relayer_balance_coins',
  help: "The relayer's balance in the network's native coin (ETH, POL, ...), read at scrape time",
  labelNames: ['network'] as const,
});
const delay = new Histogram({
  name: 'payrail_recurring_execution_delay_seconds',
  help: 'Chain time from a period being due to its payment being mined, by network (retried periods included)',
  labelNames: ['network'] as const,
  buckets: [5, 15, 30, 60, 120, 300, 900, 3600, 6 * 3600, 86_400, 7 * 86_400],
  registers,
});
const failures = new Counter({
  name: 'payrail_recurring_failures_total',
  help: 'Failed attempts at recurring payment periods by network and failure reason (payment.failed subStatus)',
  labelNames: ['network', 'reason'] as const,
  registers,
});
const recoveries = new Counter({
  name: 'payrail_recurring_recoveries_total',
  help: 'Periods paid after failed attempts (dunning, unpause), by network and the failure reason they recovered from',
  labelNames: ['network', 'reason'] as const,
  registers,
});
const recovered = new Counter({
  name: 'payrail_recurring_revenue_recovered',
  help: 'Amount of recovered periods (what the payee received), in whole tokens of the payment currency, by network and currency',
  labelNames: ['network', 'currency'] as const,
  registers,
});

/**
 * The recurring executor's metrics: step counters, the relayer balance gauge, the delay after
 * due, failures and recoveries by reason (recovery rate = recoveries / distinct failed periods,
 * see docs/observability.md) and revenue recovered.
 */
@Injectable()
export class RecurringMetrics {
  /** Starts a network's series at 0, so rates and alerts see them before the first execution. */
  startNetwork(network: string): void {
    for (const outcome of OUTCOMES) executions.inc({ network, outcome }, 0);
    for (const reason of FAILURE_REASONS) {
      failures.inc({ network, reason }, 0);
      recoveries.inc({ network, reason }, 0);
    }
  }

  observe(network: string, outcome: RecurringOutcome): void {
    executions.inc({ network, outcome });
  }

  failed(network: string, reason: string): void {
    failures.inc({ network, reason });
  }

  /** A period paid `delaySeconds` after it was due; `recoveredFrom` when earlier attempts had failed (then `amount` counts as recovered). */
  paid(network: string, delaySeconds: number, recoveredFrom: { reason: string; currency: string; amount: number } | null): void {
    delay.observe({ network }, Math.max(0, delaySeconds));
    if (!recoveredFrom) return;
    recoveries.inc({ network, reason: recoveredFrom.reason });
    recovered.inc({ network, currency: recoveredFrom.currency }, recoveredFrom.amount);
  }

  /** The relayer balances per network (native coin), read at each scrape. */
  readRelayerBalances(read: () => Promise<Sample<'network'>[]>): void {
    relayerBalance.readFrom(read);
  }
}
