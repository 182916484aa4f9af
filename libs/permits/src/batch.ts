import { Interface, ZeroAddress } from 'ethers';

/**
 * Calldata of `batchPayments(MetaDetail[] metaDetails, address[][] pathsToUSD, address feeAddress)`
 * (selector 0x92cddb91) on Request Network's published BatchConversionPayments, for the payment
 * networks without conversion:
 * - 1: ERC-20 payments in one token, 2: ERC-20 payments in several tokens (the token is
 *   `path[0]` of each request), 3: native payments.
 * Each payment goes through the network's fee proxy, so each emits its own
 * TransferWithReferenceAndFee with its payment reference; every fee goes to `feeAddress`.
 *
 * The batch contract also charges its own batch fee, paid to `feeAddress`: `batchFee` basis points
 * (of 10,000) of the sum of the request amounts (fees excluded), per token and for the native
 * payments. `pathsToUSD` is always empty: the fee is then never capped by the contract's Chainlink
 * USD conversion (`batchFeeAmountUSDLimit`), so it is known exactly before signing and the approvals
 * and value cannot be short when a price moves between quote and execution. With an empty path list
 * an ERC-20 batch fee is charged only while `batchFeeAmountUSDLimit` is above zero (the contract's
 * calculateBatchFeeToPay answers 0 otherwise); the native batch fee is charged regardless.
 */
const REQUEST_DETAIL =
  '(address recipient, uint256 requestAmount, address[] path, bytes paymentReference, uint256 feeAmount, uint256 maxToSpend, uint256 maxRateTimespan)';

export const BATCH_PAYMENTS_ABI = new Interface([
  `function batchPayments((uint256 paymentNetworkId, ${REQUEST_DETAIL}[] requestDetails)[] metaDetails, address[][] pathsToUSD, address feeAddress) payable`,
  'function batchFee() view returns (uint16)',
  'function batchFeeAmountUSDLimit() view returns (uint64)',
]);

const BATCH_PAYMENT_NETWORK = { erc20SingleToken: 1n, erc20MultiToken: 2n, native: 3n } as const;

/** The contract's `feeDenominator`. */
const BATCH_FEE_DENOMINATOR = 10_000n;

/** The highest `batchFee` the contract's `setBatchFee` accepts (2%). */
const MAX_BATCH_FEE_BPS = 200n;

/** What the batch contract's owner set: `batchFee()` and `batchFeeAmountUSDLimit()`. */
export interface BatchFeeSettings {
  bps: bigint;
  usdLimit: bigint;
}

/** The most a batch fee can be: an upper bound where the deployed settings are not known yet. */
export const MAX_BATCH_FEE: BatchFeeSettings = Object.freeze({ bps: MAX_BATCH_FEE_BPS, usdLimit: 1n });

/** Calldata of the two reads that make BatchFeeSettings, in that order. */
export const BATCH_FEE_READS = [
  BATCH_PAYMENTS_ABI.encodeFunctionData('batchFee'),
  BATCH_PAYMENTS_ABI.encodeFunctionData('batchFeeAmountUSDLimit'),
] as const;

export interface BatchPayment {
  /** ERC-20 token address, or null for the native currency. */
  token: string | null;
  recipient: string;
  amount: bigint;
  paymentReference: string;
  feeAmount: bigint;
}

export interface BatchFees {
  /** Per ERC-20 token (as given), in first-seen order. */
  tokens: Map<string, bigint>;
  native: bigint;
}

export interface EncodedBatch {
  data: string;
  /** Native currency the transaction must carry: the native payments' amounts and fees, and their batch fee. */
  value: bigint;
  /** Per ERC-20 token (as given): amounts + fees + batch fee the batch contract pulls from the payer, in first-seen order. */
  tokenTotals: Map<string, bigint>;
  /** The batch fee the contract charges, per token and native (included in value and tokenTotals). */
  batchFees: BatchFees;
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

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

/**
 * The batch fee the deployed contract charges for these payments with an empty `pathsToUSD`,
 * exactly as it computes it (integer division, per token, on request amounts only).
 */
export function batchFeesOf(payments: readonly BatchPayment[], settings: BatchFeeSettings): BatchFees {
  const rate = (amount: bigint) => (amount * settings.bps) / BATCH_FEE_DENOMINATOR;
  const tokens = new Map<string, bigint>();
  for (const p of payments) if (p.token !== null) tokens.set(p.token, (tokens.get(p.token) ?? 0n) + p.amount);
  // calculateBatchFeeToPay: without paths the ERC-20 fee is charged only below a non-zero USD limit.
  for (const [token, amount] of tokens) tokens.set(token, settings.usdLimit > 0n ? rate(amount) : 0n);
  return { tokens, native: rate(sum(payments.filter((p) => p.token === null).map((p) => p.amount))) };
}

/**
 * Groups the payments into at most two meta details (ERC-20 first, sorted so each token's
 * payments are contiguous; native last) and encodes the call; the totals include the batch fee
 * `settings` make the contract charge. The contract transfers an ERC-20 batch fee to `feeAddress`
 * even when it is zero (the zero address makes the token revert), and sends a native one there.
 */
export function encodeBatchPayments(
  payments: readonly BatchPayment[],
  feeAddress: string | null,
  settings: BatchFeeSettings,
): EncodedBatch {
  if (payments.length === 0) throw new Error('A batch needs at least one payment');
  if (!feeAddress && payments.some((p) => p.feeAmount > 0n)) throw new Error('A fee needs a fee address');
  const batchFees = batchFeesOf(payments, settings);
  if (!feeAddress && (batchFees.tokens.size > 0 || batchFees.native > 0n)) {
    throw new Error('A batch with ERC-20 payments or a native batch fee needs a fee address');
  }
  const tokenTotals = new Map<string, bigint>();
  const tokens = payments.filter((p) => p.token !== null);
  for (const p of tokens) tokenTotals.set(p.token!, (tokenTotals.get(p.token!) ?? 0n) + p.amount + p.feeAmount);
  for (const [token, fee] of batchFees.tokens) tokenTotals.set(token, tokenTotals.get(token)! + fee);
  const order = [...tokenTotals.keys()];
  const sorted = [...tokens].sort((a, b) => order.indexOf(a.token!) - order.indexOf(b.token!));
  const natives = payments.filter((p) => p.token === null);

  const metaDetails: [bigint, RequestDetail[]][] = [];
  if (sorted.length > 0) {
    const id = order.length === 1 ? BATCH_PAYMENT_NETWORK.erc20SingleToken : BATCH_PAYMENT_NETWORK.erc20MultiToken;
    metaDetails.push([id, sorted.map(detail)]);
  }
  if (natives.length > 0) metaDetails.push([BATCH_PAYMENT_NETWORK.native, natives.map(detail)]);
  const value = sum(natives.map((p) => p.amount + p.feeAmount)) + batchFees.native;
  const data = BATCH_PAYMENTS_ABI.encodeFunctionData('batchPayments', [metaDetails, [], feeAddress ?? ZeroAddress]);
  return { data, value, tokenTotals, batchFees };
}

/** BatchFeeSettings from the answers to BATCH_FEE_READS. */
export function decodeBatchFeeSettings(batchFee: string, usdLimit: string): BatchFeeSettings {
  return {
    bps: BATCH_PAYMENTS_ABI.decodeFunctionResult('batchFee', batchFee)[0] as bigint,
    usdLimit: BATCH_PAYMENTS_ABI.decodeFunctionResult('batchFeeAmountUSDLimit', usdLimit)[0] as bigint,
  };
}
