import { Counter, Histogram } from 'prom-client';
import { metricsRegistry } from './registry.js';

// Outbound JSON-RPC plumbing (every app that talks to a chain): libs/chains reports each call
// through the observer an app installs (`observeRpcCalls(recordRpcCall)`).
const registers = [metricsRegistry];

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

/** JSON-RPC method names are a fixed vocabulary (`eth_getLogs`); anything else is bucketed as `other`. */
export function rpcMethodLabel(method: unknown): string {
  return typeof method === 'string' && /^[a-z]{2,10}_[A-Za-z0-9]{2,40}$/.test(method) ? method : 'other';
}

/** The RPC observer the apps hand to libs/chains (`observeRpcCalls(recordRpcCall)`). */
export function recordRpcCall(call: { network: string; method: string; seconds: number; ok: boolean }): void {
  const labels = { network: call.network, method: rpcMethodLabel(call.method) };
  rpcDuration.observe(labels, call.seconds);
  if (!call.ok) rpcErrors.inc(labels);
}
