import { Injectable } from '@nestjs/common';
import { metricsRegistry } from '@payrail/platform';
import { Counter } from 'prom-client';

export type SweepOutcome = 'sent' | 'swept' | 'failed';
const OUTCOMES: readonly SweepOutcome[] = ['sent', 'swept', 'failed'];

// Registered once per process (prom-client refuses a name twice).
const sweeps = new Counter({
  name: 'payrail_deposit_sweeps_total',
  help: 'Deposit-address sweeps by network and step: sent (broadcast by the relayer), swept (mined), failed (reverted)',
  labelNames: ['network', 'outcome'] as const,
  registers: [metricsRegistry],
});
const sweepGas = new Counter({
  name: 'payrail_deposit_sweep_gas_wei_total',
  help: "The relayer's gas spend on deposit sweeps (gas used x effective gas price), in wei of the network's native coin",
  labelNames: ['network'] as const,
  registers: [metricsRegistry],
});

/** The sweeper's step counters and its gas spend. */
@Injectable()
export class DepositMetrics {
  startNetwork(network: string): void {
    for (const outcome of OUTCOMES) sweeps.inc({ network, outcome }, 0);
    sweepGas.inc({ network }, 0);
  }

  observe(network: string, outcome: SweepOutcome, count = 1): void {
    sweeps.inc({ network, outcome }, count);
  }

  /** Wei fit in a float counter for any realistic spend; the exact figure is in deposit_addresses.sweep_gas_cost. */
  gasSpent(network: string, wei: bigint): void {
    sweepGas.inc({ network }, Number(wei));
  }
}
