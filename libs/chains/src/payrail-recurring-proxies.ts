import type { LocalChainDeployment } from './local-deployment.js';
import { localNetworkOf } from './local-deployment.js';
import { NETWORKS } from './network-registry.js';
import type { EvmNetwork } from './networks.js';
import { parseRecurringProxyAddresses } from './recurring-proxy-env.js';

/**
 * Payrail's own deployments of contracts/ERC20RecurringPaymentProxy.sol (the only proxy that
 * verifies the interface's SchedulePermit: gasFee, firstExec, totalExecutions) on public networks.
 * None yet: the addresses in PRODUCTION_CONTRACTS are Request Network's 0.1.0 proxy, whose permit
 * has other field names and cannot verify ours. Add an entry once a deployment exists.
 */
export const PAYRAIL_RECURRING_PROXIES: Readonly<Partial<Record<EvmNetwork, string>>> = Object.freeze({});

/** Network -> address of Payrail's own recurring proxy; a network left out has none. */
export type PayrailRecurringProxies = Readonly<Partial<Record<EvmNetwork, string>>>;

/**
 * Where Payrail's own recurring proxy is, per EVM network, first match wins:
 * RECURRING_PROXY_ADDRESSES (`network:address` pairs, as `admin recurring-proxy deploy` prints),
 * then the local chain's deployment (the devstack deploys contracts/ERC20RecurringPaymentProxy.sol),
 * then PAYRAIL_RECURRING_PROXIES. Pure.
 */
export function payrailRecurringProxies(
  env: { RECURRING_PROXY_ADDRESSES?: string },
  local: LocalChainDeployment | null,
): PayrailRecurringProxies {
  const out: Partial<Record<EvmNetwork, string>> = { ...PAYRAIL_RECURRING_PROXIES };
  const localProxy = local?.contracts.ERC20RecurringPaymentProxy;
  if (local && localProxy) out[localNetworkOf(NETWORKS, local).name as EvmNetwork] = localProxy;
  return Object.freeze({ ...out, ...parseRecurringProxyAddresses(env.RECURRING_PROXY_ADDRESSES) });
}

/** True when `address` is Payrail's recurring proxy on `network` (a schedule on another proxy cannot be revoked or executed). */
export function isPayrailRecurringProxy(proxies: PayrailRecurringProxies, network: string, address: string): boolean {
  const own = proxies[network as EvmNetwork];
  return own !== undefined && own.toLowerCase() === address.toLowerCase();
}
