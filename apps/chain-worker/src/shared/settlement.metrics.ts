import { Injectable } from '@nestjs/common';
import { metricsRegistry } from '@payrail/platform';
import { Counter } from 'prom-client';

/** The settlement event a pass wrote, as the outcome label of `payrail_settlements_total`. */
export const SETTLEMENT_OUTCOMES = {
  'payment.confirmed': 'paid',
  'payment.partial': 'partial',
  'payment.failed': 'fee_short',
  'payment.reversed': 'reversed',
} as const;

// Registered once per process (prom-client refuses a name twice).
const settlements = new Counter({
  name: 'payrail_settlements_total',
  help: 'Payment settlements written, by network and outcome (paid, partial, fee_short, reversed)',
  labelNames: ['network', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Counts committed settlements by network and outcome. */
@Injectable()
export class SettlementMetrics {
  /** Starts a followed network's outcomes at 0, so rates and alerts see the series before the first payment. */
  startNetwork(network: string): void {
    for (const outcome of Object.values(SETTLEMENT_OUTCOMES)) settlements.inc({ network, outcome }, 0);
  }

  /** Counts the settlement event a detection pass wrote (payment.confirmed -> paid, ...). */
  observe(network: string, eventType: string): void {
    const outcome = SETTLEMENT_OUTCOMES[eventType as keyof typeof SETTLEMENT_OUTCOMES];
    if (outcome) settlements.inc({ network, outcome });
  }
}
