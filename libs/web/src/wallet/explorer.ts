import { chainOfNetwork } from './networks';

/** Tronscan: Tron has no viem chain, so its explorer is named here (the only non-EVM network the API answers). */
const TRONSCAN_TX = 'https://tronscan.org/#/transaction/';

/**
 * A transaction's block-explorer page for a Payrail network name: the default explorer of viem's
 * chain definition for EVM networks, Tronscan for `tron`; undefined when the network has no known
 * explorer (then show the hash alone). Locally anvil stands in for sepolia, so its links open
 * sepolia's explorer, where a local transaction is not found.
 */
export function explorerTxUrl(network: string, txHash: string): string | undefined {
  if (network === 'tron') return `${TRONSCAN_TX}${txHash.replace(/^0x/, '')}`;
  const base = chainOfNetwork(network)?.blockExplorers?.default.url;
  return base ? `${base.replace(/\/$/, '')}/tx/${txHash}` : undefined;
}
