import type { NetworkName } from '@payrail/chains';

/**
 * Currencies that must be in the list with exactly these ids, whatever the token-list packages
 * say: the stablecoins the spec names per network, the sepolia test tokens and Tron's TRC20s.
 * Where a package also lists the address, the build checks the decimals agree.
 *
 * Sources: request-network-facts.md section 5 (Request Network token list ids: `USDCn-*` is
 * native Circle USDC where `USDC-*` is the older bridged one, 18-decimal USDC/USDT on bsc),
 * section 2 (FAU-sepolia), section 4 (Tron USDT/USDC); @requestnetwork/currency 0.33.0
 * `erc20/chains/*.ts` (bridged USDC on optimism/matic, fUSDC/fUSDT on sepolia); Tether's USDT0
 * deployments: on arbitrum-one and matic USDT0 is the upgraded USDT contract (same address),
 * on optimism a new contract (also in @uniswap/default-token-list as USDT0).
 */
export interface PinnedToken {
  network: NetworkName;
  /** Symbol as used in the id (`USDCn`, `USDT0`, `fUSDC`). */
  symbol: string;
  name: string;
  address: string;
  decimals: number;
}

const pin = (network: NetworkName, symbol: string, name: string, address: string, decimals: number): PinnedToken => ({
  network,
  symbol,
  name,
  address,
  decimals,
});

export const PINNED_TOKENS: readonly PinnedToken[] = [
  pin('mainnet', 'USDC', 'USD Coin', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', 6),
  pin('mainnet', 'USDT', 'Tether USD', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 6),
  pin('mainnet', 'DAI', 'Dai Stablecoin', '0x6B175474E89094C44Da98b954EedeAC495271d0F', 18),

  pin('base', 'USDC', 'USD Coin', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 6),
  pin('base', 'USDT', 'Tether USD', '0xfde4C96c8593536E31F229EA8f37b2ADa2699bb2', 6),
  pin('base', 'DAI', 'Dai Stablecoin', '0x50c5725949A6F0c72E6C4a641F24049A917DB0Cb', 18),

  pin('optimism', 'USDCn', 'USD Coin', '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', 6),
  pin('optimism', 'USDC', 'USD Coin (Bridged from Ethereum)', '0x7F5c764cBc14f9669B88837ca1490cCa17c31607', 6),
  pin('optimism', 'USDT', 'Tether USD', '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', 6),
  pin('optimism', 'USDT0', 'USDT0', '0x01bFF41798a0BcF287b996046Ca68b395DbC1071', 6),
  pin('optimism', 'DAI', 'Dai Stablecoin', '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 18),

  pin('arbitrum-one', 'USDC', 'USD Coin', '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', 6),
  pin('arbitrum-one', 'USDT', 'Tether USD', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6),
  pin('arbitrum-one', 'USDT0', 'USDT0', '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', 6),
  pin('arbitrum-one', 'DAI', 'Dai Stablecoin', '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', 18),

  pin('matic', 'USDCn', 'USD Coin', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', 6),
  pin('matic', 'USDC', 'USD Coin (PoS)', '0x2791Bca1f2de4661ED88A30C99A7a9449Aa84174', 6),
  pin('matic', 'USDT', 'Tether USD', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6),
  pin('matic', 'USDT0', 'USDT0', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', 6),
  pin('matic', 'DAI', 'Dai Stablecoin', '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063', 18),

  pin('bsc', 'USDC', 'USD Coin', '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', 18),
  pin('bsc', 'USDT', 'Tether USD', '0x55d398326f99059fF775485246999027B3197955', 18),
  pin('bsc', 'DAI', 'Dai Stablecoin', '0x1AF3F329e8BE154074D8769D1FFa4eE058B1DBc3', 18),

  pin('sepolia', 'FAU', 'Faucet Token', '0x370DE27fdb7D1Ff1e1BaA7D11c5820a324Cf623C', 18),
  pin('sepolia', 'fUSDC', 'FakeUSDC', '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238', 6),
  pin('sepolia', 'fUSDT', 'FakeUSDT', '0xF046b3CA5ae2879c6bAcC4D42fAF363eE8379F78', 6),

  pin('tron', 'USDT', 'Tether USD', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 6),
  pin('tron', 'USDC', 'USD Coin', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', 6),
];
