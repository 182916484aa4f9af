import type { PaymentRecord } from '../api';

/** What a payer keeps of a paid single payment: the receipt card and the printable page show the same facts. */
export interface ReceiptFacts {
  merchant: string;
  logoUrl: string | null;
  /** `12.5 fUSDC`: what reached the payee. */
  amount: string;
  /** `0.125 fUSDC` when the payer paid a fee on top, else null. */
  fee: string | null;
  /** `FakeUSDC (fUSDC)`. */
  token: string;
  network: string;
  payee: string;
  reference: string | null;
  /** `27 Nov 2026, 10:00 UTC`. */
  paidAt: string;
  txHash: string;
  /** https only; null where the network has no explorer (the local chain). */
  explorerUrl: string | null;
}

const TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** A settlement time as a receipt states it, in UTC (the payer's and the merchant's copies then agree). */
export function receiptTime(iso: string): string {
  return `${TIME.format(new Date(iso))} UTC`;
}

/** The token as payers read it: its name, with the symbol when they differ. */
export function tokenLabel(name: string, symbol: string): string {
  return name && name !== symbol ? `${name} (${symbol})` : symbol;
}

/** The receipt of a paid single payment (the record's `receipt` extension), or undefined before that (and for a multicall). */
export function receiptFactsOf(payment: PaymentRecord): ReceiptFacts | undefined {
  if (payment.paymentType !== 'single' || !payment.receipt) return undefined;
  const r = payment.receipt;
  const symbol = payment.tokenSymbol;
  return {
    merchant: payment.merchant.name,
    logoUrl: payment.merchant.logoUrl,
    amount: `${r.amountPaid} ${symbol}`,
    fee: /^0(\.0*)?$/.test(r.feePaid) ? null : `${r.feePaid} ${symbol}`,
    token: tokenLabel(payment.tokenName, symbol),
    network: payment.networkName,
    payee: payment.payee,
    reference: payment.reference,
    paidAt: receiptTime(r.settledAt),
    txHash: r.txHash,
    explorerUrl: r.explorerUrl?.startsWith('https://') ? r.explorerUrl : null,
  };
}

/** The printable receipt of a link: `/pay/<token>/receipt?clientId=` (the page's own route). */
export function receiptPath(token: string, clientId: string): string {
  return `/pay/${encodeURIComponent(token)}/receipt?clientId=${encodeURIComponent(clientId)}`;
}

/** Back from the printable receipt to the link. */
export function paymentPath(token: string, clientId: string): string {
  return `/pay/${encodeURIComponent(token)}?clientId=${encodeURIComponent(clientId)}`;
}
