import { createRequire } from 'node:module';
import type { JsonFragment } from 'ethers';

/**
 * Request Network's published contracts, as the npm package `@requestnetwork/smart-contracts`
 * ships them: its typechain factories carry each contract's ABI and creation bytecode (the
 * artifact JSON files hold only ABIs and addresses). The devstack deploys these bytes on the local
 * chain and the doctor compares deployed code with them, so a green test runs production bytecode.
 */
export const PUBLISHED_CONTRACTS = {
  ERC20FeeProxy: 'ERC20FeeProxy__factory.js',
  EthereumFeeProxy: 'EthereumFeeProxy__factory.js',
  BatchConversionPayments: 'BatchConversionPayments__factory.js',
  Erc20ConversionProxy: 'Erc20ConversionProxy__factory.js',
  EthConversionProxy: 'EthConversionProxy__factory.js',
  ChainlinkConversionPath: 'ChainlinkConversionPath.sol/ChainlinkConversionPath__factory.js',
} as const;

export type PublishedContractName = keyof typeof PUBLISHED_CONTRACTS;

export interface PublishedArtifact {
  contractName: PublishedContractName;
  abi: JsonFragment[];
  /** 0x-prefixed creation bytecode, exactly as published. */
  bytecode: string;
}

const FACTORIES = '@requestnetwork/smart-contracts/types/factories/src/contracts/';
const requireFromHere = createRequire(import.meta.url);
const cache = new Map<PublishedContractName, PublishedArtifact>();

/** The published ABI and creation bytecode of one of Request Network's contracts. */
export function publishedArtifact(name: PublishedContractName): PublishedArtifact {
  const cached = cache.get(name);
  if (cached) return cached;
  // The factory modules are CommonJS; only their static `abi` and `bytecode` are read (the class
  // itself extends the ethers v5 ContractFactory and is never instantiated here).
  const module = requireFromHere(FACTORIES + PUBLISHED_CONTRACTS[name]) as Record<string, { abi?: unknown; bytecode?: unknown }>;
  const factory = module[`${name}__factory`];
  if (!factory || !Array.isArray(factory.abi) || typeof factory.bytecode !== 'string' || !/^0x[0-9a-fA-F]+$/.test(factory.bytecode)) {
    throw new Error(`@requestnetwork/smart-contracts has no usable ${name} factory (abi and bytecode)`);
  }
  const artifact: PublishedArtifact = { contractName: name, abi: factory.abi as JsonFragment[], bytecode: factory.bytecode };
  cache.set(name, artifact);
  return artifact;
}
