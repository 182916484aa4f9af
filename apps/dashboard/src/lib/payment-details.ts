/** A payer's payment detail as GET /v2/payers/{userId}/payment-details answers it (account numbers already masked). */
export interface PaymentDetailRecord {
  id: string;
  bankName: string;
  accountName: string;
  currency: string;
  status: string;
  rails: string;
  accountNumber?: string;
  iban?: string;
  sortCode?: string;
  routingNumber?: string;
  swiftBic?: string;
}

/** What the payers screen shows of one bank account. */
export interface PaymentDetailRow {
  id: string;
  bank: string;
  holder: string;
  /** The masked number that identifies the account best (account number, else IBAN, else sort code...), or an em dash. */
  account: string;
  currency: string;
  status: 'approved' | 'pending' | 'failed' | 'unknown';
}

const STATUSES = ['approved', 'pending', 'failed'] as const;

/** The row of one payment detail: never an unmasked number (the API masks; this only picks which masked one to show). */
export function paymentDetailRow(d: PaymentDetailRecord): PaymentDetailRow {
  const account = d.accountNumber ?? d.iban ?? d.sortCode ?? d.routingNumber ?? d.swiftBic ?? '—';
  const status = (STATUSES as readonly string[]).includes(d.status) ? (d.status as PaymentDetailRow['status']) : 'unknown';
  return { id: d.id, bank: d.bankName, holder: d.accountName, account, currency: d.currency.toUpperCase(), status };
}
