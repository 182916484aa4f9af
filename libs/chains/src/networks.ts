/** The EVM networks Payrail serves, by their Request Network names, with chain ids. */
export const EVM_NETWORKS = {
  mainnet: { chainId: 1, rpcEnv: 'RPC_URL_MAINNET' },
  base: { chainId: 8453, rpcEnv: 'RPC_URL_BASE' },
  optimism: { chainId: 10, rpcEnv: 'RPC_URL_OPTIMISM' },
  'arbitrum-one': { chainId: 42161, rpcEnv: 'RPC_URL_ARBITRUM_ONE' },
  matic: { chainId: 137, rpcEnv: 'RPC_URL_MATIC' },
  bsc: { chainId: 56, rpcEnv: 'RPC_URL_BSC' },
  sepolia: { chainId: 11155111, rpcEnv: 'RPC_URL_SEPOLIA' },
} as const;

export type EvmNetwork = keyof typeof EVM_NETWORKS;

export const TRON_NETWORK = { name: 'tron', chainId: 728126428 } as const;

export const EVM_NETWORK_NAMES = Object.keys(EVM_NETWORKS) as EvmNetwork[];
