import { z } from 'zod';
import type { PaymentsSchemas } from '../api';

/** The windows "Run now" offers: the last 24 hours, 7 or 31 days up to now, or the previous UTC day (what the nightly run covers). */
export const RUN_WINDOWS = ['24h', '7d', '31d', 'yesterday'] as const;
export type RunWindow = (typeof RUN_WINDOWS)[number];

type Network = PaymentsSchemas['CreateReconciliationRunDto']['network'];

/** The networks a run can read (the API's enum, checked by `satisfies`): EVM only, Tron is read by time, not by eth_getLogs. */
export const RECONCILABLE_NETWORKS = [
  'mainnet',
  'base',
  'optimism',
  'arbitrum-one',
  'matic',
  'bsc',
  'sepolia',
] as const satisfies readonly Network[];

/** The "Run now" form: a network of this deployment and a window. */
export const reconciliationRunForm = z.object({
  network: z.enum(RECONCILABLE_NETWORKS, { error: 'form.required' }),
  window: z.enum(RUN_WINDOWS),
});
export type ReconciliationRunValues = z.output<typeof reconciliationRunForm>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const LENGTH: Record<Exclude<RunWindow, 'yesterday'>, number> = { '24h': DAY, '7d': 7 * DAY, '31d': 31 * DAY };

/**
 * POST /v2/reconciliation/runs for the form at `now`. A window up to now ends at the current whole
 * second (the API refuses an end in the future; a clock a second ahead of the server's still passes
 * most of the time, and the answer says so when not). `[from, to)` like the API.
 */
export function reconciliationRunBody(v: ReconciliationRunValues, now: Date): PaymentsSchemas['CreateReconciliationRunDto'] {
  const { network } = v;
  if (v.window === 'yesterday') {
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    return { network, from: new Date(midnight - DAY).toISOString(), to: new Date(midnight).toISOString() };
  }
  const to = Math.floor(now.getTime() / 1000) * 1000;
  return { network, from: new Date(to - LENGTH[v.window]).toISOString(), to: new Date(to).toISOString() };
}
