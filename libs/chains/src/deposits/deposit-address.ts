import { AbiCoder, concat, getCreate2Address, getCreateAddress, Interface, keccak256, TypedDataEncoder, ZeroAddress } from 'ethers';

import type { LocalChainDeployment } from '../local-deployment.js';
import { localNetworkOf } from '../local-deployment.js';
import { NETWORKS } from '../network-registry.js';
import { EVM_NETWORK_NAMES, type EvmNetwork } from '../networks.js';
import { parseEvmAddress } from '@payrail/domain';

/**
 * The forwarder implementation a factory creates in its constructor: its first CREATE (nonce 1, EIP-161).
 * Every deposit address is an EIP-1167 clone of it, so the implementation's address fixes the clones'
 * init code; deposit-forwarder.int-spec.ts holds both equal to the factory's own answers.
 */
export function depositImplementation(factory: string): string {
  return getCreateAddress({ from: factory, nonce: 1 });
}

const cloneHashes = new Map<string, string>();

/** keccak256 of the EIP-1167 creation code of a clone of `implementation` (OpenZeppelin Clones' layout). */
export function depositCloneInitCodeHash(implementation: string): string {
  const known = cloneHashes.get(implementation);
  if (known) return known;
  const hash = keccak256(concat(['0x3d602d80600a3d3981f3363d3d373d3d3d363d73', implementation, '0x5af43d82803e903d91602b57fd5bf3']));
  cloneHashes.set(implementation, hash);
  return hash;
}

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

const REFUND_TUPLE = 'tuple(address token,address to,uint256 amount,bytes32 refundId,uint256 deadline)';

/** A refund of funds a forwarder holds, as its payee signs it (contracts/DepositForwarder.sol's DepositRefund). */
export interface DepositRefund {
  /** The ERC-20 to give back, or the zero address for the native currency. */
  token: string;
  to: string;
  amount: bigint;
  /** 0x + 64 hex: executed once per forwarder. */
  refundId: string;
  /** Unix seconds after which the signature is void. */
  deadline: bigint;
}

/** EIP-712 type of DepositRefund, as DepositForwarder.REFUND_TYPEHASH hashes it. */
export const DEPOSIT_REFUND_TYPES = {
  Refund: [
    { name: 'token', type: 'address' },
    { name: 'to', type: 'address' },
    { name: 'amount', type: 'uint256' },
    { name: 'refundId', type: 'bytes32' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

/** The EIP-712 typed data the payee signs (eth_signTypedData_v4) for a refund from the forwarder at `forwarder`. */
export function depositRefundTypedData(chainId: number, forwarder: string, refund: DepositRefund) {
  return {
    domain: { name: 'Payrail DepositForwarder', version: '1', chainId, verifyingContract: forwarder },
    types: { Refund: DEPOSIT_REFUND_TYPES.Refund.map((f) => ({ ...f })) },
    primaryType: 'Refund' as const,
    message: {
      token: refund.token,
      to: refund.to,
      amount: refund.amount.toString(),
      refundId: refund.refundId,
      deadline: refund.deadline.toString(),
    },
  };
}

/** The EIP-712 digest of a refund (ethers' TypedDataEncoder), as the forwarder computes it. */
export function depositRefundDigest(chainId: number, forwarder: string, refund: DepositRefund): string {
  const typed = depositRefundTypedData(chainId, forwarder, refund);
  return TypedDataEncoder.hash(typed.domain, { Refund: typed.types.Refund }, typed.message);
}

/** Calldata of factory.deployAndRefund(terms, refund, signature). */
export function encodeDeployAndRefund(terms: DepositTerms, refund: DepositRefund, signature: string): string {
  return DEPOSIT_FACTORY_ABI.encodeFunctionData('deployAndRefund', [
    termsValue(terms),
    [refund.token || ZeroAddress, refund.to, refund.amount, refund.refundId, refund.deadline],
    signature,
  ]);
}

/** The factory's ABI as the sweeper calls it. */
export const DEPOSIT_FACTORY_ABI = new Interface([
  `function deployAndSweep(${TERMS_TUPLE} terms) returns (address)`,
  `function addressOf(${TERMS_TUPLE} terms) view returns (address)`,
  `function deployAndSweepMany(${TERMS_TUPLE}[] terms)`,
  'function implementation() view returns (address)',
  'function balancesOf(address token, address[] holders) view returns (uint256[])',
  'event Swept(address indexed forwarder, bytes8 indexed paymentReference)',
  'error NotFactory()',
  'error WrongTerms()',
  'error AlreadySwept()',
  'error Underfunded(uint256 balance, uint256 needed)',
  `function deployAndRefund(${TERMS_TUPLE} terms, ${REFUND_TUPLE} refund, bytes signature) returns (address)`,
  'event Refunded(bytes32 indexed refundId, address indexed token, address indexed to, uint256 amount)',
  'error BadSignature()',
  'error RefundUsed()',
  'error RefundExpired()',
  'error ExceedsRefundable(uint256 refundable)',
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
  return getCreate2Address(factory, depositSalt(terms), depositCloneInitCodeHash(depositImplementation(factory)));
}

/** Calldata of factory.deployAndSweep(terms). */
export function encodeDeployAndSweep(terms: DepositTerms): string {
  return DEPOSIT_FACTORY_ABI.encodeFunctionData('deployAndSweep', [termsValue(terms)]);
}

/** Calldata of factory.deployAndSweepMany(terms): one transaction sweeping many deposits (all or nothing). */
export function encodeDeployAndSweepMany(terms: DepositTerms[]): string {
  return DEPOSIT_FACTORY_ABI.encodeFunctionData('deployAndSweepMany', [terms.map(termsValue)]);
}

/** Calldata of factory.balancesOf(token, holders): many deposit balances in one eth_call (token zero: native). */
export function encodeDepositBalances(token: string, holders: string[]): string {
  return DEPOSIT_FACTORY_ABI.encodeFunctionData('balancesOf', [token, holders]);
}

/** The balances a factory.balancesOf call answered, in the holders' order. */
export function decodeDepositBalances(data: string): bigint[] {
  return [...(DEPOSIT_FACTORY_ABI.decodeFunctionResult('balancesOf', data)[0] as bigint[])];
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
