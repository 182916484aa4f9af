import type { Currency, NetworkInfo } from '@payrail/chains';

/** What a payout's body asks for, before resolution. */
export interface PaymentTerms {
  payee: string;
  amount: string;
  invoiceCurrency: string;
  paymentCurrency: string;
}

/** The fee asked for: a percentage of the amount paid on top to `address`. */
export interface FeeTerms {
  percentage: string | null;
  address: string | null;
}

/** A payment resolved against the registry and the rates: everything the transactions and the request record need. */
export interface PlannedPayment {
  network: NetworkInfo;
  /** EIP-55 on EVM networks, base58 on Tron. */
  payee: string;
  invoice: Currency;
  /** The invoiced amount in the invoice currency's base units. */
  invoiceUnits: bigint;
  currency: Currency;
  /** The token contract, or null for the native currency. */
  token: string | null;
  /** Base units of the payment currency the payee receives. */
  amount: bigint;
  fee: { percentage: string | null; amount: bigint; address: string | null };
  /**
   * A second fee recipient's fee (the orchestrator's when the platform's goes to another address):
   * paid by its own fee-proxy call after the payment, since a fee-proxy call takes one fee address.
   */
  secondFee?: { address: string; amount: bigint } | null;
  /** The fee proxy the payment goes through (and whose event settles it). */
  proxy: string;
}
