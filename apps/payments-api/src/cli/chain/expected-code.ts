import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AbiCoder,
  type AbstractProvider,
  getCreateAddress,
  Interface,
  type JsonFragment,
  keccak256,
  TypedDataEncoder,
  Wallet,
  zeroPadValue,
} from 'ethers';
import { type PublishedContractName, PUBLISHED_CONTRACTS, publishedArtifact } from '@payrail/chains';
import { RECURRING_DOMAIN_NAME, RECURRING_DOMAIN_VERSION } from '@payrail/permits';
import { repoRoot } from './repo-root.js';

/** A contract's creation code and ABI, and how its runtime code depends on where it lives. */
export interface CodeSource {
  name: string;
  abi: JsonFragment[];
  bytecode: string;
  /** Where the bytes come from, for the report. */
  origin: string;
  /** The EIP-712 domain its immutables cache (this project's recurring proxy), if any. */
  eip712?: { name: string; version: string };
}

/** This project's recurring proxy, as the build compiled it into contracts/build. */
export function recurringProxySource(): CodeSource {
  const file = join(repoRoot(), 'contracts', 'build', 'ERC20RecurringPaymentProxy.json');
  const artifact = JSON.parse(readFileSync(file, 'utf8')) as { abi: JsonFragment[]; bytecode: string };
  return {
    name: 'ERC20RecurringPaymentProxy',
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    origin: 'contracts/build',
    eip712: { name: RECURRING_DOMAIN_NAME, version: RECURRING_DOMAIN_VERSION },
  };
}

/** The expected code of a configured contract name, or null when nothing published describes it. */
export function codeSourceOf(contract: string): CodeSource | null {
  if (contract === 'ERC20RecurringPaymentProxy') return recurringProxySource();
  if (!Object.hasOwn(PUBLISHED_CONTRACTS, contract)) return null;
  const artifact = publishedArtifact(contract as PublishedContractName);
  return { name: contract, abi: artifact.abi, bytecode: artifact.bytecode, origin: '@requestnetwork/smart-contracts' };
}

/** Placeholder constructor arguments: non-zero addresses and numbers (the code checked keeps no argument in its bytes). */
function placeholderArgs(abi: JsonFragment[]): string {
  const inputs = new Interface(abi).deploy.inputs;
  const values = inputs.map((input, i) => (input.type === 'address' ? zeroPadValue(`0x${(i + 1).toString(16).padStart(2, '0')}`, 20) : 1));
  return AbiCoder.defaultAbiCoder()
    .encode(
      inputs.map((input) => input.type),
      values,
    )
    .slice(2);
}

/** The Solidity metadata (CBOR) appended to runtime code: its length is in the last two bytes. */
export function stripMetadata(code: string): string {
  const hex = code.slice(2);
  if (hex.length < 4) return code;
  const length = parseInt(hex.slice(-4), 16) * 2 + 4;
  return length < hex.length ? `0x${hex.slice(0, -length)}` : code;
}

/**
 * The runtime code `source` has once deployed at `address` on `provider`'s chain, computed by
 * running its creation code in eth_call (nothing is written): the constructor's output. Values a
 * constructor caches in immutables (this contract's own address, the chain id and the EIP-712
 * domain separator of the recurring proxy) are then rewritten for `address`. The comparison
 * hashes code without its trailing metadata.
 */
export async function expectedRuntimeCode(provider: AbstractProvider, source: CodeSource, address: string): Promise<string> {
  const from = Wallet.createRandom().address; // nonce 0: the simulated contract lives at getCreateAddress(from, 0)
  const data = source.bytecode + placeholderArgs(source.abi);
  let code = (await provider.call({ from, data })).toLowerCase();
  if (source.eip712) {
    const simulated = getCreateAddress({ from, nonce: 0 });
    const { chainId } = await provider.getNetwork();
    const separator = (at: string) => TypedDataEncoder.hashDomain({ ...source.eip712, chainId, verifyingContract: at }).slice(2);
    code = code
      .replaceAll(separator(simulated), separator(address))
      .replaceAll(zeroPadValue(simulated, 32).slice(2).toLowerCase(), zeroPadValue(address, 32).slice(2).toLowerCase());
  }
  return code;
}

/** keccak256 of code without its metadata: what the doctor compares. */
export const codeHash = (code: string): string => keccak256(stripMetadata(code.toLowerCase()));
