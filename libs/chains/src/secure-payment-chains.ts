import { isNetworkName, type NetworkName } from './network-registry.js';
import type { EvmNetwork } from './networks.js';

/**
 * The `chain` values of the secure-payment queries (and `/v2/request/{id}/pay`) and the network
 * each one means; the one place this mapping lives. Source: request-network-facts.md section 5
 * ("Chain enum to RN network name and chainId"). Tron is not in the enum: the API takes no
 * `chain` for Tron payments.
 */
export const SECURE_PAYMENT_CHAINS = Object.freeze({
  ETHEREUM: 'mainnet',
  BASE: 'base',
  OPTIMISM: 'optimism',
  ARBITRUM: 'arbitrum-one',
  POLYGON: 'matic',
  BNB: 'bsc',
} as const satisfies Record<string, EvmNetwork>);

export type SecurePaymentChain = keyof typeof SECURE_PAYMENT_CHAINS;

export const SECURE_PAYMENT_CHAIN_NAMES = Object.keys(SECURE_PAYMENT_CHAINS) as SecurePaymentChain[];

export function isSecurePaymentChain(value: unknown): value is SecurePaymentChain {
  return typeof value === 'string' && Object.hasOwn(SECURE_PAYMENT_CHAINS, value);
}

export function networkOfSecurePaymentChain(chain: SecurePaymentChain): EvmNetwork {
  return SECURE_PAYMENT_CHAINS[chain];
}

/** The enum value naming a network, or undefined for networks outside the enum (sepolia, tron). */
export function securePaymentChainOf(network: string): SecurePaymentChain | undefined {
  return SECURE_PAYMENT_CHAIN_NAMES.find((chain) => SECURE_PAYMENT_CHAINS[chain] === network);
}

/**
 * A network named by its Request Network name ("matic") or by its secure-payment chain name
 * ("POLYGON", "polygon"), case-insensitively; undefined for anything else.
 */
export function resolveNetworkName(value: string): NetworkName | undefined {
  const name = value.trim().toLowerCase();
  if (isNetworkName(name)) return name;
  const chain = name.toUpperCase();
  return isSecurePaymentChain(chain) ? SECURE_PAYMENT_CHAINS[chain] : undefined;
}
