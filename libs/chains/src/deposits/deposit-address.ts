import { AbiCoder, getCreate2Address, Interface, keccak256, ZeroAddress } from 'ethers';

import type { LocalChainDeployment } from '../local-deployment.js';
import { localNetworkOf } from '../local-deployment.js';
import { NETWORKS } from '../network-registry.js';
import { EVM_NETWORK_NAMES, type EvmNetwork } from '../networks.js';
import { parseEvmAddress } from '@payrail/domain';

/**
 * keccak256 of contracts/DepositForwarder.sol's creation code as the project's pinned solc settings
 * compile it (the factory's FORWARDER_INIT_CODE_HASH). With a factory's address it fixes every
 * deposit address, without an RPC call. deposit-forwarder.int-spec.ts holds it equal to the compiled
 * contract: editing the forwarder means updating this value (and deploying a new factory).
 */
export const DEPOSIT_FORWARDER_INIT_CODE_HASH = '0x1649a72e43032e9ef09f18296d859afbf43c6836f3415921ecc96d49f753ab9b';

/** The payment a deposit address is bound to (contracts/DepositForwarder.sol's DepositTerms, same order). */
export interface DepositTerms {
  /** The request's fee proxy: ERC20FeeProxy, or EthereumFeeProxy when `token` is the zero address. */
  proxy: string;
  /** The ERC-20 token, or the zero address for the native currency. */
  token: string;
  payee: string;
  amount: bigint;
  /** 0x + 16 hex: the 8-byte payment reference. */
  paymentReference: string;
  feeAmount: bigint;
  feeAddress: string;
}

const TERMS_TUPLE =
  'tuple(address proxy,address token,address payee,uint256 amount,bytes8 paymentReference,uint256 feeAmount,address feeAddress)';

/** The factory's ABI as the sweeper calls it. */
export const DEPOSIT_FACTORY_ABI = new Interface([
  `function deployAndSweep(${TERMS_TUPLE} terms) returns (address)`,
  `function addressOf(${TERMS_TUPLE} terms) view returns (address)`,
  'function FORWARDER_INIT_CODE_HASH() view returns (bytes32)',
  'event Swept(address indexed forwarder, bytes8 indexed paymentReference)',
  'error NotFactory()',
  'error AlreadySwept()',
  'error Underfunded(uint256 balance, uint256 needed)',
]);

function termsValue(t: DepositTerms): unknown[] {
  return [t.proxy, t.token || ZeroAddress, t.payee, t.amount, t.paymentReference, t.feeAmount, t.feeAddress || ZeroAddress];
}

/** The CREATE2 salt of `terms`: keccak256(abi.encode(terms)), as the factory computes it. */
export function depositSalt(terms: DepositTerms): string {
  return keccak256(AbiCoder.defaultAbiCoder().encode([TERMS_TUPLE], [termsValue(terms)]));
}

/** The deposit address of `terms` under `factory` (checksummed); pure, identical to the factory's addressOf. */
export function depositAddress(factory: string, terms: DepositTerms): string {
  return getCreate2Address(factory, depositSalt(terms), DEPOSIT_FORWARDER_INIT_CODE_HASH);
}

/** Calldata of factory.deployAndSweep(terms). */
export function encodeDeployAndSweep(terms: DepositTerms): string {
  return DEPOSIT_FACTORY_ABI.encodeFunctionData('deployAndSweep', [termsValue(terms)]);
}

/** Network -> the project's DepositForwarderFactory; a network left out has no deposit addresses. */
export type DepositFactories = Readonly<Partial<Record<EvmNetwork, string>>>;

const DEPOSIT_FACTORY_ENV = 'DEPOSIT_FACTORY_ADDRESSES';

/**
 * Where the deposit factory is, per EVM network: DEPOSIT_FACTORY_ADDRESSES (`network:address`
 * pairs) over the local chain's deployment (the devstack deploys contracts/DepositForwarderFactory.sol).
 * No public deployment exists yet. Pure; throws naming a bad pair.
 */
export function depositFactories(env: { DEPOSIT_FACTORY_ADDRESSES?: string }, local: LocalChainDeployment | null): DepositFactories {
  const out: Partial<Record<EvmNetwork, string>> = {};
  const localFactory = local?.contracts.DepositForwarderFactory;
  if (local && localFactory) out[localNetworkOf(NETWORKS, local).name as EvmNetwork] = localFactory;
  for (const pair of (env.DEPOSIT_FACTORY_ADDRESSES ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [network, raw] = pair.split(':');
    if (!EVM_NETWORK_NAMES.includes(network as EvmNetwork)) throw new Error(`${DEPOSIT_FACTORY_ENV}: unknown EVM network "${network}"`);
    const address = parseEvmAddress(raw);
    if (!address) throw new Error(`${DEPOSIT_FACTORY_ENV}: "${raw}" is not an EVM address (EIP-55 checksum)`);
    out[network as EvmNetwork] = address;
  }
  return Object.freeze(out);
}
