import { type Currency, explorerTxUrl, type NetworkInfo, networkDisplayName } from '@payrail/chains';
import { formatAmount } from '@payrail/domain';
import type { RequestEntity } from '@payrail/persistence';

/** Extension: who is asking to be paid, as the payer should recognise them. */
export interface MerchantView {
  /** The platform's display name. */
  name: string;
  /** The branding's logo, or null. */
  logoUrl: string | null;
}

/** Extension: the settlement a payer keeps, once the expected amount is paid (null before, and while partial). */
export interface ReceiptView {
  txHash: string;
  /** When detection recorded the payment (ISO 8601). */
  settledAt: string;
  /** The transaction on the network's public explorer; null where there is none (the local chain). */
  explorerUrl: string | null;
  /** Human-readable, in the payment currency: what reached the payee, and the fee paid on top. */
  amountPaid: string;
  feePaid: string;
}

/** The page's trust extensions of the single record (names payers read instead of internal ids, and the receipt). */
export interface PageTrustView {
  merchant: MerchantView;
  networkName: string;
  tokenName: string;
  tokenSymbol: string;
  /** Human-readable, in the payment currency: the fee the payer adds ("0" without one) and amount + fee. */
  feeAmount: string;
  payerTotalAmount: string;
  receipt: ReceiptView | null;
}

/**
 * Names for the payer: the platform, the network's display name, the token's name and symbol from
 * the currency registry (the id's symbol when it is not listed), and the receipt once the request
 * carries its settling transaction.
 */
export function pageTrustOf(
  request: RequestEntity,
  platformName: string,
  logoUrl: string | null,
  network: NetworkInfo | undefined,
  currency: Currency | undefined,
): PageTrustView {
  const symbol = currency?.symbol ?? request.paymentCurrency.split('-')[0];
  return {
    merchant: { name: platformName, logoUrl },
    networkName: network ? networkDisplayName(network) : request.network,
    tokenName: currency?.name ?? symbol,
    tokenSymbol: symbol,
    feeAmount: formatAmount(request.feeAmount, request.currencyDecimals),
    payerTotalAmount: formatAmount(request.expectedAmount + request.feeAmount, request.currencyDecimals),
    receipt: receiptOf(request, network),
  };
}

function receiptOf(request: RequestEntity, network: NetworkInfo | undefined): ReceiptView | null {
  // A partial payment is not a receipt: the payer still owes the rest.
  if (request.txHash === null || request.paidAt === null || request.status === 'pending' || request.status === 'partial') return null;
  return {
    txHash: request.txHash,
    settledAt: request.paidAt.toISOString(),
    explorerUrl: (network && explorerTxUrl(network, request.txHash)) ?? null,
    amountPaid: formatAmount(request.amountPaid, request.currencyDecimals),
    feePaid: formatAmount(request.feePaid, request.currencyDecimals),
  };
}
