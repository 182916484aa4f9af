/**
 * viem's default RPC of each EVM chain the browser apps know (libs/web EVM_CHAINS), by chain id: the
 * endpoint the wallet config reads a network through when WEB_NETWORKS gives it no RPC URL, and so
 * an origin the Content-Security-Policy must allow. Kept here because viem is a build-time
 * (dev) dependency, absent from the `web` image; default-rpc-urls.spec.ts compares it with viem.
 */
export const DEFAULT_RPC_URLS: Readonly<Record<number, string>> = {
  1: 'https://ethereum.reth.rs/rpc',
  8453: 'https://mainnet.base.org',
  10: 'https://mainnet.optimism.io',
  42161: 'https://arb1.arbitrum.io/rpc',
  137: 'https://polygon.drpc.org',
  56: 'https://56.rpc.thirdweb.com',
  11155111: 'https://11155111.rpc.thirdweb.com',
};
