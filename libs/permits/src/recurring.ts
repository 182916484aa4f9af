import { getAddress, hexlify, Interface, randomBytes, Signature, TypedDataEncoder, verifyTypedData } from 'ethers';

/** EIP-712 domain name and version of the recurring payment proxy (contracts/ERC20RecurringPaymentProxy.sol). */
export const RECURRING_DOMAIN_NAME = 'ERC20RecurringPaymentProxy';
export const RECURRING_DOMAIN_VERSION = '1';

/** The spec's `types.SchedulePermit`, in its order; no EIP712Domain entry, so `signTypedData(domain, types, values)` works as is. */
export const SCHEDULE_PERMIT_TYPES = Object.freeze({
  SchedulePermit: Object.freeze([
    { name: 'subscriber', type: 'address' },
    { name: 'token', type: 'address' },
    { name: 'recipient', type: 'address' },
    { name: 'feeAddress', type: 'address' },
    { name: 'amount', type: 'uint128' },
    { name: 'feeAmount', type: 'uint128' },
    { name: 'gasFee', type: 'uint128' },
    { name: 'periodSeconds', type: 'uint32' },
    { name: 'firstExec', type: 'uint32' },
    { name: 'totalExecutions', type: 'uint8' },
    { name: 'nonce', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ] as const),
});

/** The largest totalExecutions a uint8 can carry (the spec allows 256 payments; 256 cannot be signed). */
export const MAX_TOTAL_EXECUTIONS = 255;
const UINT32_MAX = 2 ** 32 - 1;
const UINT128_MAX = (1n << 128n) - 1n;

export interface RecurringDomain {
  name: string;
  version: string;
  chainId: number;
  verifyingContract: string;
}

/** `values` as the API returns them: amounts as decimal strings, times and counts as numbers, nonce 32-byte hex. */
export interface SchedulePermitValues {
  subscriber: string;
  token: string;
  recipient: string;
  feeAddress: string;
  amount: string;
  feeAmount: string;
  gasFee: string;
  periodSeconds: number;
  firstExec: number;
  totalExecutions: number;
  nonce: string;
  deadline: number;
}

export interface RecurringPaymentPermit {
  domain: RecurringDomain;
  types: { SchedulePermit: { name: string; type: string }[] };
  values: SchedulePermitValues;
}

export interface SchedulePermitInput {
  chainId: number;
  verifyingContract: string;
  subscriber: string;
  token: string;
  recipient: string;
  /** The zero address without a fee. */
  feeAddress: string;
  amount: bigint;
  feeAmount: bigint;
  gasFee: bigint;
  periodSeconds: number;
  firstExec: number;
  totalExecutions: number;
  deadline: number;
  /** 0x + 64 hex; a random one when left out. */
  nonce?: string;
}

/** Builds `{domain, types, values}` for the subscriber to sign; throws a RangeError when a value does not fit its type. */
export function buildSchedulePermit(input: SchedulePermitInput): RecurringPaymentPermit {
  for (const [name, v] of [
    ['amount', input.amount],
    ['feeAmount', input.feeAmount],
    ['gasFee', input.gasFee],
  ] as const) {
    if (v < 0n || v > UINT128_MAX) throw new RangeError(`${name} does not fit a uint128`);
  }
  for (const [name, v] of [
    ['periodSeconds', input.periodSeconds],
    ['firstExec', input.firstExec],
  ] as const) {
    if (!Number.isInteger(v) || v < 0 || v > UINT32_MAX) throw new RangeError(`${name} does not fit a uint32`);
  }
  if (!Number.isInteger(input.totalExecutions) || input.totalExecutions < 1 || input.totalExecutions > MAX_TOTAL_EXECUTIONS) {
    throw new RangeError(`totalExecutions must be 1 to ${MAX_TOTAL_EXECUTIONS} (a uint8)`);
  }
  if (!Number.isSafeInteger(input.deadline) || input.deadline < 0) throw new RangeError('deadline must be a non-negative integer');
  const nonce = input.nonce ?? hexlify(randomBytes(32));
  if (!/^0x[0-9a-fA-F]{64}$/.test(nonce)) throw new RangeError('nonce must be 0x + 64 hex');
  return {
    domain: {
      name: RECURRING_DOMAIN_NAME,
      version: RECURRING_DOMAIN_VERSION,
      chainId: input.chainId,
      verifyingContract: getAddress(input.verifyingContract),
    },
    types: { SchedulePermit: SCHEDULE_PERMIT_TYPES.SchedulePermit.map((f) => ({ ...f })) },
    values: {
      subscriber: getAddress(input.subscriber),
      token: getAddress(input.token),
      recipient: getAddress(input.recipient),
      feeAddress: getAddress(input.feeAddress),
      amount: input.amount.toString(),
      feeAmount: input.feeAmount.toString(),
      gasFee: input.gasFee.toString(),
      periodSeconds: input.periodSeconds,
      firstExec: input.firstExec,
      totalExecutions: input.totalExecutions,
      nonce: nonce.toLowerCase(),
      deadline: input.deadline,
    },
  };
}

/** The EIP-712 digest the contract computes (`digestOf`). */
export function schedulePermitDigest(permit: RecurringPaymentPermit): string {
  return TypedDataEncoder.hash(permit.domain, permit.types, permit.values);
}

/** True when `signature` is the subscriber's signature of the permit; false for any malformed signature. */
export function isSubscriberSignature(permit: RecurringPaymentPermit, signature: string): boolean {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return false;
  try {
    Signature.from(signature); // rejects a non-canonical s or a bad v before recovery
    return verifyTypedData(permit.domain, permit.types, permit.values, signature) === getAddress(permit.values.subscriber);
  } catch {
    return false;
  }
}

/** The recurring proxy's entry point and bitmap read, as the executor calls them. */
export const RECURRING_PROXY_ABI = new Interface([
  'function execute((address subscriber,address token,address recipient,address feeAddress,uint128 amount,uint128 feeAmount,uint128 gasFee,uint32 periodSeconds,uint32 firstExec,uint8 totalExecutions,uint256 nonce,uint256 deadline) p, bytes signature, uint8 index, bytes paymentReference)',
  'function isExecuted((address subscriber,address token,address recipient,address feeAddress,uint128 amount,uint128 feeAmount,uint128 gasFee,uint32 periodSeconds,uint32 firstExec,uint8 totalExecutions,uint256 nonce,uint256 deadline) p, uint8 index) view returns (bool)',
  'function revoke((address subscriber,address token,address recipient,address feeAddress,uint128 amount,uint128 feeAmount,uint128 gasFee,uint32 periodSeconds,uint32 firstExec,uint8 totalExecutions,uint256 nonce,uint256 deadline) p)',
  'function revoked(bytes32 digest) view returns (bool)',
  'event ScheduleRevoked(bytes32 indexed digest, address indexed subscriber)',
  'error PermitRevoked()',
  'error NotSubscriber()',
]);

/** The permit as the contract's struct argument, in field order. */
export const schedulePermitTuple = (v: SchedulePermitValues): (string | bigint | number)[] => [
  v.subscriber,
  v.token,
  v.recipient,
  v.feeAddress,
  BigInt(v.amount),
  BigInt(v.feeAmount),
  BigInt(v.gasFee),
  v.periodSeconds,
  v.firstExec,
  v.totalExecutions,
  BigInt(v.nonce),
  v.deadline,
];

/** `execute(permit, signature, index, paymentReference)` calldata; index is 1-based. */
export function encodeRecurringExecute(values: SchedulePermitValues, signature: string, index: number, paymentReference: string): string {
  return RECURRING_PROXY_ABI.encodeFunctionData('execute', [schedulePermitTuple(values), signature, index, paymentReference]);
}

/** `isExecuted(permit, index)` calldata. */
export function encodeRecurringIsExecuted(values: SchedulePermitValues, index: number): string {
  return RECURRING_PROXY_ABI.encodeFunctionData('isExecuted', [schedulePermitTuple(values), index]);
}

/** `revoke(permit)` calldata: sent by the subscriber, it makes every later execute of this permit revert (PermitRevoked). */
export function encodeRecurringRevoke(values: SchedulePermitValues): string {
  return RECURRING_PROXY_ABI.encodeFunctionData('revoke', [schedulePermitTuple(values)]);
}

/** `revoked(digest)` calldata (answers a bool). */
export function encodeRecurringRevoked(digest: string): string {
  return RECURRING_PROXY_ABI.encodeFunctionData('revoked', [digest]);
}
