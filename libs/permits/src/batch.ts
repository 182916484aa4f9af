import { Interface, ZeroAddress } from 'ethers';

/**
 * Calldata of `batchPayments(MetaDetail[] metaDetails, address[][] pathsToUSD, address feeAddress)`
 * (selector 0x92cddb91), the entry point of Request Network's BatchConversionPayments, which
 * Payrail's own batch contract (contracts/BatchConversionPayments.sol) implements for the
 * payment networks without conversion:
 * - 1: ERC-20 payments in one token, 2: ERC-20 payments in several tokens (the token is
 *   `path[0]` of each request), 3: native payments (value = sum of amounts and fees).
 * Each payment goes through the network's fee proxy, so each emits its own
 * TransferWithReferenceAndFee with its payment reference; every fee goes to `feeAddress`.
 */
const REQUEST_DETAIL =
  '(address recipient, uint256 requestAmount, address[] path, bytes paymentReference, uint256 feeAmount, uint256 maxToSpend, uint256 maxRateTimespan)';

export const BATCH_PAYMENTS_ABI = new Interface([
  `function batchPayments((uint256 paymentNetworkId, ${REQUEST_DETAIL}[] requestDetails)[] metaDetails, address[][] pathsToUSD, address feeAddress) payable`,
]);

export const BATCH_PAYMENT_NETWORK = { erc20SingleToken: 1n, erc20MultiToken: 2n, native: 3n } as const;

export interface BatchPayment {
  /** ERC-20 token address, or null for the native currency. */
  token: string | null;
  recipient: string;
  amount: bigint;
  paymentReference: string;
  feeAmount: bigint;
}

export interface EncodedBatch {
  data: string;
  /** Native currency the transaction must carry: the native payments' amounts and fees. */
  value: bigint;
  /** Per ERC-20 token (as given): amounts + fees the batch contract pulls from the payer, in first-seen order. */
  tokenTotals: Map<string, bigint>;
}

type RequestDetail = [string, bigint, string[], string, bigint, bigint, bigint];

const detail = (p: BatchPayment): RequestDetail => [
  p.recipient,
  p.amount,
  p.token ? [p.token] : [],
  p.paymentReference,
  p.feeAmount,
  0n,
  0n,
];

/**
 * Groups the payments into at most two meta details (ERC-20 first, sorted so each token's
 * payments are contiguous and pulled from the payer once; native last) and encodes the call.
 */
export function encodeBatchPayments(payments: readonly BatchPayment[], feeAddress: string | null): EncodedBatch {
  if (payments.length === 0) throw new Error('A batch needs at least one payment');
  if (!feeAddress && payments.some((p) => p.feeAmount > 0n)) throw new Error('A fee needs a fee address');
  const tokenTotals = new Map<string, bigint>();
  const tokens = payments.filter((p) => p.token !== null);
  for (const p of tokens) tokenTotals.set(p.token!, (tokenTotals.get(p.token!) ?? 0n) + p.amount + p.feeAmount);
  const order = [...tokenTotals.keys()];
  const sorted = [...tokens].sort((a, b) => order.indexOf(a.token!) - order.indexOf(b.token!));
  const natives = payments.filter((p) => p.token === null);

  const metaDetails: [bigint, RequestDetail[]][] = [];
  if (sorted.length > 0) {
    const id = order.length === 1 ? BATCH_PAYMENT_NETWORK.erc20SingleToken : BATCH_PAYMENT_NETWORK.erc20MultiToken;
    metaDetails.push([id, sorted.map(detail)]);
  }
  if (natives.length > 0) metaDetails.push([BATCH_PAYMENT_NETWORK.native, natives.map(detail)]);
  const value = natives.reduce((sum, p) => sum + p.amount + p.feeAmount, 0n);
  const data = BATCH_PAYMENTS_ABI.encodeFunctionData('batchPayments', [metaDetails, [], feeAddress ?? ZeroAddress]);
  return { data, value, tokenTotals };
}
