import { type Chain } from 'viem';
import { arbitrum, base, bsc, mainnet, optimism, polygon, sepolia } from 'viem/chains';

/**
 * Payrail's EVM network names (libs/chains' registry: the `network` field of every API answer) and
 * the viem chain each one is. Chain metadata only (name, native currency, explorers); which networks a
 * deployment offers and their RPC URLs come from the runtime config. Locally anvil stands in for
 * `sepolia` with sepolia's chain id (11155111), so the same table serves the devstack.
 */
export const EVM_CHAINS: Readonly<Record<string, Chain>> = {
  mainnet,
  base,
  optimism,
  'arbitrum-one': arbitrum,
  matic: polygon,
  bsc,
  sepolia,
};

/** The viem chain of a Payrail network name, or undefined (Tron, or a network this build does not know). */
export function chainOfNetwork(network: string): Chain | undefined {
  return EVM_CHAINS[network];
}
