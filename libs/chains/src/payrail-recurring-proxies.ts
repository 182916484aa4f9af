import 'reflect-metadata';
import { IsOptional } from 'class-validator';
import { parseEvmAddress } from './address/evm.js';
import { IsEvmAddress } from './address/validators.js';
import type { LocalChainDeployment } from './local-deployment.js';
import { localNetworkOf } from './local-deployment.js';
import { NETWORKS } from './network-registry.js';
import { EVM_NETWORK_NAMES, type EvmNetwork } from './networks.js';

/**
 * Payrail's own deployments of contracts/ERC20RecurringPaymentProxy.sol (the only proxy that
 * verifies the interface's SchedulePermit: gasFee, firstExec, totalExecutions) on public networks.
 * None yet: the addresses in PRODUCTION_CONTRACTS are Request Network's 0.1.0 proxy, whose permit
 * has other field names and cannot verify ours. Add an entry once a deployment exists.
 */
export const PAYRAIL_RECURRING_PROXIES: Readonly<Partial<Record<EvmNetwork, string>>> = Object.freeze({});

/** `RECURRING_PROXY_ADDRESS_ARBITRUM_ONE` for arbitrum-one. */
export const recurringProxyEnvName = (network: EvmNetwork): string => `RECURRING_PROXY_ADDRESS_${network.toUpperCase().replace(/-/g, '_')}`;

// TypeScript requires a mixin base to take `...args: any[]`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor<T = object> = new (...args: any[]) => T;

/**
 * Adds `RECURRING_PROXY_ADDRESS_<NETWORK>` to an app's env schema: the operator's own deployment
 * of Payrail's recurring proxy on that network. Recurring payouts are only offered where one is known.
 */
export function WithRecurringProxyEnv<TBase extends Ctor>(Base: TBase) {
  class RecurringProxyEnv extends Base {
    @IsOptional() @IsEvmAddress() RECURRING_PROXY_ADDRESS_MAINNET?: string;
    @IsOptional() @IsEvmAddress() RECURRING_PROXY_ADDRESS_BASE?: string;
    @IsOptional() @IsEvmAddress() RECURRING_PROXY_ADDRESS_OPTIMISM?: string;
    @IsOptional() @IsEvmAddress() RECURRING_PROXY_ADDRESS_ARBITRUM_ONE?: string;
    @IsOptional() @IsEvmAddress() RECURRING_PROXY_ADDRESS_MATIC?: string;
    @IsOptional() @IsEvmAddress() RECURRING_PROXY_ADDRESS_BSC?: string;
    @IsOptional() @IsEvmAddress() RECURRING_PROXY_ADDRESS_SEPOLIA?: string;
  }
  return RecurringProxyEnv;
}

/** Network -> address of Payrail's own recurring proxy; a network left out has none. */
export type PayrailRecurringProxies = Readonly<Partial<Record<EvmNetwork, string>>>;

/**
 * Where Payrail's own recurring proxy is, per EVM network, first match wins:
 * `RECURRING_PROXY_ADDRESS_<NETWORK>`, then the local chain's deployment (the devstack deploys
 * contracts/ERC20RecurringPaymentProxy.sol), then PAYRAIL_RECURRING_PROXIES. Pure.
 */
export function payrailRecurringProxies(env: object, local: LocalChainDeployment | null): PayrailRecurringProxies {
  const out: Partial<Record<EvmNetwork, string>> = { ...PAYRAIL_RECURRING_PROXIES };
  const localProxy = local?.contracts.ERC20RecurringPaymentProxy;
  if (local && localProxy) out[localNetworkOf(NETWORKS, local).name as EvmNetwork] = localProxy;
  for (const network of EVM_NETWORK_NAMES) {
    const configured = parseEvmAddress((env as Record<string, unknown>)[recurringProxyEnvName(network)]);
    if (configured) out[network] = configured;
  }
  return Object.freeze(out);
}

/** True when `address` is Payrail's recurring proxy on `network` (a schedule on another proxy cannot be revoked or executed). */
export function isPayrailRecurringProxy(proxies: PayrailRecurringProxies, network: string, address: string): boolean {
  const own = proxies[network as EvmNetwork];
  return own !== undefined && own.toLowerCase() === address.toLowerCase();
}
