/**
 * Crypto-to-fiat (off-ramp) rules: statuses of a payer's payment details (bank accounts) and the
 * sub-statuses an off-ramp walks through once its deposit has settled, as Request Network names
 * them (webhooks: payment_detail.updated approved | failed | pending; payment.processing
 * initiated → pending_internal_assessment → ongoing_checks → sending_fiat → fiat_sent, with
 * bounced, retry_required and failed besides). Pure: no I/O.
 */
export const PAYMENT_DETAIL_STATUSES = ['pending', 'approved', 'failed'] as const;
export type PaymentDetailStatus = (typeof PAYMENT_DETAIL_STATUSES)[number];

/** The happy path, in order: `fiat_sent` ends it and is followed by payment.confirmed. */
export const OFFRAMP_STEPS = ['initiated', 'pending_internal_assessment', 'ongoing_checks', 'sending_fiat', 'fiat_sent'] as const;
/** Every sub-status a provider may report: the steps, a check asking for a retry, and the two failures. */
export const OFFRAMP_SUB_STATUSES = [...OFFRAMP_STEPS, 'retry_required', 'bounced', 'failed'] as const;
export type OfframpSubStatus = (typeof OFFRAMP_SUB_STATUSES)[number];

/** Payrail's own state of an off-ramp: waiting for the payer's deposit, deposit settled, fiat sent, failed. */
export type OfframpState = 'awaiting_deposit' | 'funded' | 'completed' | 'failed';

export const isOfframpSubStatus = (value: unknown): value is OfframpSubStatus =>
  typeof value === 'string' && (OFFRAMP_SUB_STATUSES as readonly string[]).includes(value);

/** Ends the off-ramp: fiat_sent (completed), bounced or failed (failed). */
export const isTerminalSubStatus = (s: OfframpSubStatus): boolean => s === 'fiat_sent' || s === 'bounced' || s === 'failed';

const stepIndex = (s: OfframpSubStatus | null): number => (s === null ? -1 : (OFFRAMP_STEPS as readonly string[]).indexOf(s));

/**
 * The step after `current` on the happy path (`initiated` first; after `retry_required` the checks
 * run again: `ongoing_checks`); undefined once the off-ramp has ended.
 */
export function nextOfframpStep(current: OfframpSubStatus | null): OfframpSubStatus | undefined {
  if (current !== null && isTerminalSubStatus(current)) return undefined;
  if (current === 'retry_required') return 'ongoing_checks';
  return OFFRAMP_STEPS[stepIndex(current) + 1];
}

/**
 * Whether a provider may report `next` after `current`: only on a funded off-ramp that has not
 * ended, never a step back along the happy path (a repeated report is not a change), a retry only
 * once the checks have started, a failure at any time.
 */
export function offrampTransitionAllowed(state: OfframpState, current: OfframpSubStatus | null, next: OfframpSubStatus): boolean {
  if (state !== 'funded') return false;
  if (current !== null && isTerminalSubStatus(current)) return false;
  if (next === 'bounced' || next === 'failed') return true;
  if (next === 'retry_required') return current !== null && current !== 'retry_required' && stepIndex(current) >= 1;
  if (current === 'retry_required') return stepIndex(next) >= stepIndex('ongoing_checks');
  return stepIndex(next) > stepIndex(current);
}

/** The Payrail state an accepted sub-status leaves the off-ramp in. */
export const offrampStateAfter = (s: OfframpSubStatus): OfframpState =>
  s === 'fiat_sent' ? 'completed' : s === 'bounced' || s === 'failed' ? 'failed' : 'funded';

/** Which payment-detail status changes a provider result may cause (a decided detail is not reopened). */
export function nextPaymentDetailStatus(current: PaymentDetailStatus, result: PaymentDetailStatus): PaymentDetailStatus | undefined {
  if (current === result || current !== 'pending') return undefined;
  return result;
}

/** Account-number fields of Request Network's payment details: stored encrypted, shown masked. */
export const ACCOUNT_NUMBER_FIELDS = [
  'accountNumber',
  'routingNumber',
  'iban',
  'sortCode',
  'swiftBic',
  'ribNumber',
  'bsbNumber',
  'ncc',
  'branchCode',
  'bankCode',
  'ifsc',
] as const;
export type AccountNumberField = (typeof ACCOUNT_NUMBER_FIELDS)[number];

/**
 * An account number as reads show it: every character but the last four replaced by `*`
 * (spaces dropped first); four characters or fewer show only `****`, so a short code never reads whole.
 */
export function maskAccountNumber(value: string): string {
  const compact = value.replace(/\s+/g, '');
  if (compact.length <= 4) return '****';
  return '*'.repeat(compact.length - 4) + compact.slice(-4);
}

/** The masked view of every account-number field present. */
export function maskedAccountNumbers(details: Partial<Record<AccountNumberField, string>>): Partial<Record<AccountNumberField, string>> {
  const out: Partial<Record<AccountNumberField, string>> = {};
  for (const field of ACCOUNT_NUMBER_FIELDS) {
    const value = details[field];
    if (value !== undefined) out[field] = maskAccountNumber(value);
  }
  return out;
}
