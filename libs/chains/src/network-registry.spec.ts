import { isTronAddress, parseEvmAddress } from '@payrail/domain';
import { type LocalChainDeployment, parseLocalDeployment, withLocalDeployment } from './local-deployment.js';
import { explorerAddressUrl, explorerTxUrl, NETWORK_NAMES, NETWORKS, networkDisplayName } from './network-registry.js';
import { EVM_NETWORKS, TRON_NETWORK } from './networks.js';
import {
  networkOfSecurePaymentChain,
  resolveNetworkName,
  SECURE_PAYMENT_CHAIN_NAMES,
  securePaymentChainOf,
} from './secure-payment-chains.js';

const LOCAL: LocalChainDeployment = {
  chainId: 11155111,
  contracts: {
    ERC20FeeProxy: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    EthereumFeeProxy: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
  },
  tokens: { USDC: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' },
  tokenDecimals: { USDC: 6 },
  feeds: {},
};

describe('network registry', () => {
  it('has the eight networks with their chain ids, sepolia the only testnet and tron the only non-EVM one', () => {
    expect(Object.fromEntries(NETWORK_NAMES.map((n) => [n, NETWORKS[n].chainId]))).toEqual({
      mainnet: 1,
      base: 8453,
      optimism: 10,
      'arbitrum-one': 42161,
      matic: 137,
      bsc: 56,
      sepolia: 11155111,
      tron: 728126428,
    });
    expect(NETWORK_NAMES.filter((n) => NETWORKS[n].testnet)).toEqual(['sepolia']);
    expect(NETWORK_NAMES.filter((n) => NETWORKS[n].kind === 'tron')).toEqual(['tron']);
  });

  it('keeps the existing exports consistent with it', () => {
    for (const [name, { chainId, rpcEnv }] of Object.entries(EVM_NETWORKS)) {
      expect(NETWORKS[name as keyof typeof EVM_NETWORKS].chainId).toBe(chainId);
      expect(rpcEnv).toMatch(/^RPC_URL_[A-Z_]+$/);
    }
    expect(NETWORKS.tron.chainId).toBe(TRON_NETWORK.chainId);
  });

  it("names the native currencies with Request Network's ids", () => {
    expect(NETWORK_NAMES.map((n) => NETWORKS[n].nativeCurrency.id)).toEqual([
      'ETH-mainnet',
      'ETH-base-base',
      'ETH-optimism-optimism',
      'AETH-arbitrum-one',
      'MATIC-matic',
      'BNB-bsc',
      'ETH-sepolia-sepolia',
      'TRX-tron',
    ]);
    expect(NETWORKS.tron.nativeCurrency.decimals).toBe(6);
  });

  it('holds every contract address in canonical form (EIP-55 on EVM, base58check on Tron)', () => {
    for (const network of Object.values(NETWORKS)) {
      expect(Object.keys(network.contracts).length).toBeGreaterThan(0);
      for (const address of Object.values(network.contracts)) {
        if (network.kind === 'tron') expect(isTronAddress(address)).toBe(true);
        else expect(parseEvmAddress(address)).toBe(address);
      }
    }
    expect(NETWORKS.tron.contracts.ERC20FeeProxy).toBe('TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd');
    expect(NETWORKS.base.contracts.ERC20FeeProxy).toBe('0x1892196E80C4c17ea5100Da765Ab48c1fE2Fb814');
    expect(NETWORKS.optimism.contracts.ERC20RecurringPaymentProxy).toBeUndefined();
  });

  it('fills explorer link templates', () => {
    expect(explorerTxUrl(NETWORKS.base, '0xabc')).toBe('https://basescan.org/tx/0xabc');
    expect(explorerAddressUrl(NETWORKS.tron, 'TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd')).toBe(
      'https://tronscan.org/#/address/TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd',
    );
  });
});

describe('secure-payment chain names', () => {
  it('map the six chain names to their networks and back', () => {
    expect(Object.fromEntries(SECURE_PAYMENT_CHAIN_NAMES.map((c) => [c, networkOfSecurePaymentChain(c)]))).toEqual({
      ETHEREUM: 'mainnet',
      BASE: 'base',
      OPTIMISM: 'optimism',
      ARBITRUM: 'arbitrum-one',
      POLYGON: 'matic',
      BNB: 'bsc',
    });
    expect(securePaymentChainOf('matic')).toBe('POLYGON');
    expect(securePaymentChainOf('sepolia')).toBeUndefined();
  });

  it('resolve network names given either way, case-insensitively', () => {
    expect(['matic', 'POLYGON', 'polygon', ' Matic '].map(resolveNetworkName)).toEqual(['matic', 'matic', 'matic', 'matic']);
    expect(resolveNetworkName('arbitrum')).toBe('arbitrum-one');
    expect(resolveNetworkName('fiat')).toBeUndefined();
    expect(resolveNetworkName('toString')).toBeUndefined();
  });
});

describe('local deployment override', () => {
  it('replaces the sepolia entry with the local contracts and no explorer, leaving the input untouched', () => {
    const before = JSON.stringify(NETWORKS);
    const local = withLocalDeployment(NETWORKS, LOCAL);
    expect(local.sepolia.contracts).toEqual(LOCAL.contracts);
    expect(local.sepolia.explorer).toBeNull();
    expect(local.sepolia.chainId).toBe(11155111);
    expect(local.mainnet).toBe(NETWORKS.mainnet);
    expect(JSON.stringify(NETWORKS)).toBe(before);
  });

  it('names the networks as payers know them, and the local chain as what it is', () => {
    expect(NETWORK_NAMES.map((n) => networkDisplayName(NETWORKS[n]))).toEqual([
      'Ethereum',
      'Base',
      'OP Mainnet',
      'Arbitrum One',
      'Polygon',
      'BNB Smart Chain',
      'Sepolia testnet',
      'Tron',
    ]);
    const local = withLocalDeployment(NETWORKS, LOCAL);
    expect(networkDisplayName(local.sepolia)).toBe('Local test chain (Sepolia testnet)');
    expect(networkDisplayName(local.base)).toBe('Base');
  });

  it('refuses a deployment whose chain id is not a testnet', () => {
    expect(() => withLocalDeployment(NETWORKS, { ...LOCAL, chainId: 1 })).toThrow('not one of the EVM testnets');
  });

  it('parses stack.json, the test stack file, a bare chain object and deployment.json alike, checksumming addresses', () => {
    const chain = { ...LOCAL, tokens: { USDC: LOCAL.tokens.USDC.toLowerCase() }, rpcUrl: 'http://127.0.0.1:8545' };
    const deploymentJson = { ...LOCAL, tokens: { USDC: { address: LOCAL.tokens.USDC, decimals: 6 } }, deployedAt: '2026-01-01T00:00:00Z' };
    for (const file of [{ chains: { sepolia: chain } }, { chain }, chain, deploymentJson]) {
      expect(parseLocalDeployment(file)).toEqual(LOCAL);
    }
  });

  it('names the bad field of a malformed deployment', () => {
    expect(() => parseLocalDeployment({ chain: { ...LOCAL, tokens: { USDC: 'nope' } } })).toThrow('deployment.tokens.USDC');
    expect(() => parseLocalDeployment({ chain: { ...LOCAL, tokenDecimals: {} } })).toThrow('deployment.tokenDecimals.USDC');
    expect(() => parseLocalDeployment({ chain: { ...LOCAL, chainId: 'x' } })).toThrow('deployment.chainId');
  });
});
