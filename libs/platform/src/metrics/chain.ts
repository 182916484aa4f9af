import { Counter, Histogram } from 'prom-client';
import { metricsRegistry, ScrapedCounter, ScrapedGauge } from './registry.js';

const registers = [metricsRegistry];
const network = ['network'] as const;

/** Detection state per network as this replica sees it (the leader's values are the ones that move). */
export const detectionHead = new ScrapedGauge({ name: 'payrail_detection_head_block', help: 'Newest block seen', labelNames: network });
export const detectionCursor = new ScrapedGauge({ name: 'payrail_detection_cursor_block', help: 'Newest block read', labelNames: network });
export const detectionLag = new ScrapedGauge({
  name: 'payrail_detection_lag_blocks',
  help: 'Blocks between the network head and the detection cursor',
  labelNames: network,
});
export const detectionLeader = new ScrapedGauge({
  name: 'payrail_detection_leader',
  help: '1 when this replica follows the network',
  labelNames: network,
});

export const paymentsDetected = new ScrapedCounter({
  name: 'payrail_detection_payments_detected_total',
  help: 'Payment transfers detected (stored) by this replica',
  labelNames: network,
});
export const blocksRead = new Counter({
  name: 'payrail_detection_blocks_read_total',
  help: 'Blocks covered by the ranges this replica read and stored',
  labelNames: network,
  registers,
});
export const logsRead = new Counter({
  name: 'payrail_detection_logs_read_total',
  help: 'Fee-proxy payment logs read (ours or not)',
  labelNames: network,
  registers,
});
export const reorgs = new ScrapedCounter({
  name: 'payrail_detection_reorgs_total',
  help: 'Reorgs handled by this replica',
  labelNames: network,
});
export const reorgDepth = new Histogram({
  name: 'payrail_detection_reorg_depth_blocks',
  help: 'Blocks rolled back per reorg (cursor minus common ancestor)',
  labelNames: network,
  buckets: [1, 2, 3, 5, 10, 20, 50, 100, 500],
  registers,
});

export const rpcDuration = new Histogram({
  name: 'payrail_rpc_request_duration_seconds',
  help: 'JSON-RPC round trips by network and method (a batch counts once per method in it)',
  labelNames: ['network', 'method'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});
export const rpcErrors = new Counter({
  name: 'payrail_rpc_errors_total',
  help: 'JSON-RPC calls that failed (transport error or error answer) by network and method',
  labelNames: ['network', 'method'] as const,
  registers,
});

export const SETTLEMENT_OUTCOMES = {
  'payment.confirmed': 'paid',
  'payment.partial': 'partial',
  'payment.failed': 'fee_short',
  'payment.reversed': 'reversed',
} as const;
export const settlements = new Counter({
  name: 'payrail_settlements_total',
  help: 'Payment settlements written, by network and outcome (paid, partial, fee_short, reversed)',
  labelNames: ['network', 'outcome'] as const,
  registers,
});

/** Starts a followed network's outcomes at 0, so rates and alerts see the series before the first payment. */
export function initSettlementOutcomes(networkName: string): void {
  for (const outcome of Object.values(SETTLEMENT_OUTCOMES)) settlements.inc({ network: networkName, outcome }, 0);
}

/** Counts the settlement event a detection pass wrote (payment.confirmed -> paid, ...). */
export function observeSettlement(networkName: string, eventType: string): void {
  const outcome = SETTLEMENT_OUTCOMES[eventType as keyof typeof SETTLEMENT_OUTCOMES];
  if (outcome) settlements.inc({ network: networkName, outcome });
}

/** JSON-RPC method names are a fixed vocabulary (`eth_getLogs`); anything else is bucketed as `other`. */
export function rpcMethodLabel(method: unknown): string {
  return typeof method === 'string' && /^[a-z]{2,10}_[A-Za-z0-9]{2,40}$/.test(method) ? method : 'other';
}

export interface DetectionStatus {
  head: number;
  cursor: number;
  lag: number;
  leader: boolean;
  detected: number;
  reorgs: number;
}

/** Reads the detection state (head, cursor, lag, leadership, detections and reorgs per network) at each scrape. */
export function readDetectionStatus(status: () => Record<string, DetectionStatus>): void {
  const each = (pick: (s: DetectionStatus) => number) => () =>
    Object.entries(status()).map(([name, s]) => ({ labels: { network: name }, value: pick(s) }));
  paymentsDetected.readFrom(each((s) => s.detected));
  reorgs.readFrom(each((s) => s.reorgs));
  detectionHead.readFrom(each((s) => s.head));
  detectionCursor.readFrom(each((s) => s.cursor));
  detectionLag.readFrom(each((s) => s.lag));
  detectionLeader.readFrom(each((s) => (s.leader ? 1 : 0)));
}

/** The RPC observer the apps hand to libs/chains (`observeRpcCalls(recordRpcCall)`). */
export function recordRpcCall(call: { network: string; method: string; seconds: number; ok: boolean }): void {
  const labels = { network: call.network, method: rpcMethodLabel(call.method) };
  rpcDuration.observe(labels, call.seconds);
  if (!call.ok) rpcErrors.inc(labels);
}
