import { type ContractAddresses, PRODUCTION_CONTRACTS } from './contracts.js';
import { EVM_NETWORKS, type EvmNetwork, TRON_NETWORK } from './networks.js';

/** Every network Payrail serves, by its Request Network name ("matic" is Polygon). */
export type NetworkName = EvmNetwork | typeof TRON_NETWORK.name;

export interface NativeCurrency {
  /** Request Network currency id, e.g. "ETH-base-base", "MATIC-matic", "TRX-tron". */
  id: string;
  /** Request Network native symbol, which for some chains already carries the network ("ETH-base"). */
  symbol: string;
  name: string;
  decimals: number;
}

/** Link templates; `{hash}` and `{address}` are replaced. */
export interface ExplorerLinks {
  tx: string;
  address: string;
}

export interface NetworkInfo {
  name: NetworkName;
  chainId: number;
  kind: 'evm' | 'tron';
  testnet: boolean;
  nativeCurrency: NativeCurrency;
  /** null where no public explorer shows the chain (the local anvil chain). */
  explorer: ExplorerLinks | null;
  contracts: ContractAddresses;
  /** Set by withLocalDeployment on the testnet entry the local chain stands in for. */
  local?: true;
}

const native = (symbol: string, network: NetworkName, name: string, decimals = 18): NativeCurrency => ({
  id: `${symbol}-${network}`,
  symbol,
  name,
  decimals,
});

const etherscanLike = (origin: string): ExplorerLinks => ({ tx: `${origin}/tx/{hash}`, address: `${origin}/address/{address}` });

const evm = (name: EvmNetwork, nativeCurrency: NativeCurrency, explorer: ExplorerLinks, testnet = false): [EvmNetwork, NetworkInfo] => [
  name,
  {
    name,
    chainId: EVM_NETWORKS[name].chainId,
    kind: 'evm',
    testnet,
    nativeCurrency,
    explorer,
    contracts: PRODUCTION_CONTRACTS[name],
  },
];

/**
 * The eight networks with their production (or public testnet) data. Native symbols and names
 * follow @requestnetwork/currency `native.ts`, so the ids match Request Network's token list.
 */
export const NETWORKS: Readonly<Record<NetworkName, NetworkInfo>> = Object.freeze({
  ...Object.fromEntries([
    evm('mainnet', native('ETH', 'mainnet', 'Ether'), etherscanLike('https://etherscan.io')),
    evm('base', native('ETH-base', 'base', 'Base Ether'), etherscanLike('https://basescan.org')),
    evm('optimism', native('ETH-optimism', 'optimism', 'Optimism Ether'), etherscanLike('https://optimistic.etherscan.io')),
    evm('arbitrum-one', native('AETH', 'arbitrum-one', 'Arbitrum Ether'), etherscanLike('https://arbiscan.io')),
    evm('matic', native('MATIC', 'matic', 'Matic'), etherscanLike('https://polygonscan.com')),
    evm('bsc', native('BNB', 'bsc', 'BNB'), etherscanLike('https://bscscan.com')),
    evm('sepolia', native('ETH-sepolia', 'sepolia', 'Sepolia Ether'), etherscanLike('https://sepolia.etherscan.io'), true),
  ]),
  tron: {
    name: 'tron',
    chainId: TRON_NETWORK.chainId,
    kind: 'tron',
    testnet: false,
    nativeCurrency: native('TRX', 'tron', 'Tron', 6),
    explorer: { tx: 'https://tronscan.org/#/transaction/{hash}', address: 'https://tronscan.org/#/address/{address}' },
    contracts: PRODUCTION_CONTRACTS.tron,
  },
} as Record<NetworkName, NetworkInfo>);

export const NETWORK_NAMES = Object.keys(NETWORKS) as NetworkName[];

export function isNetworkName(value: unknown): value is NetworkName {
  return typeof value === 'string' && Object.hasOwn(NETWORKS, value);
}

export function networkByChainId(networks: Readonly<Record<NetworkName, NetworkInfo>>, chainId: number): NetworkInfo | undefined {
  return Object.values(networks).find((n) => n.chainId === chainId);
}

/** Explorer link to a transaction, or undefined where the network has no explorer. */
export function explorerTxUrl(network: NetworkInfo, hash: string): string | undefined {
  return network.explorer?.tx.replace('{hash}', encodeURIComponent(hash));
}

/** Explorer link to an address, or undefined where the network has no explorer. */
export function explorerAddressUrl(network: NetworkInfo, address: string): string | undefined {
  return network.explorer?.address.replace('{address}', encodeURIComponent(address));
}

/** The names payers know the networks by (Request Network's ids are internal: `matic`, `arbitrum-one`). */
export const NETWORK_DISPLAY_NAMES: Readonly<Record<NetworkName, string>> = Object.freeze({
  mainnet: 'Ethereum',
  base: 'Base',
  optimism: 'OP Mainnet',
  'arbitrum-one': 'Arbitrum One',
  matic: 'Polygon',
  bsc: 'BNB Smart Chain',
  sepolia: 'Sepolia testnet',
  tron: 'Tron',
});

/** The network's name for a payer; the local chain says it is one (it stands in for a testnet, with no explorer). */
export function networkDisplayName(network: NetworkInfo): string {
  const name = NETWORK_DISPLAY_NAMES[network.name];
  return network.local ? `Local test chain (${name})` : name;
}
