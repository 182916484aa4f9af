import { Counter } from 'prom-client';
import { metricsRegistry, ScrapedGauge } from './registry.js';

export type RecurringOutcome = 'due' | 'sent' | 'confirmed' | 'failed' | 'paused';

export const recurringExecutions = new Counter({
  name: 'payrail_recurring_executions_total',
  help: 'Recurring payment executions by network and step: due (claimed), sent, confirmed, failed, paused (schedule paused after failures)',
  labelNames: ['network', 'outcome'] as const,
  registers: [metricsRegistry],
});

export const relayerBalance = new ScrapedGauge({
  name: 'payrail_recurring_relayer_balance_coins',
  help: "The relayer's balance in the network's native coin (ETH, POL, ...), read at scrape time",
  labelNames: ['network'] as const,
});

/** Starts a network's steps at 0, so rates and alerts see the series before the first execution. */
export function initRecurringOutcomes(network: string): void {
  for (const outcome of ['due', 'sent', 'confirmed', 'failed', 'paused'] as const) recurringExecutions.inc({ network, outcome }, 0);
}

export function observeRecurring(network: string, outcome: RecurringOutcome): void {
  recurringExecutions.inc({ network, outcome });
}
