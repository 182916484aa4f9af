import { ApiError } from '@payrail/web';
import type { PaymentRecord } from '../api';

/** A final state of a payment with its own screen (BlockedScreen's heading and sentence). */
export type FinalState = 'completed' | 'expired' | 'invalidated' | 'compliance_failed';

/**
 * What the payment screen shows, from the record as last read and whether this page submitted a
 * payment: a final state's screen, the summary while a submitted payment settles (and, once
 * completed, "Payment complete"), or the summary with the pay flow of the link's rail.
 */
export type PageStep =
  | { step: 'loading' }
  | { step: 'not_found' }
  | { step: 'load_failed'; reason: string }
  | { step: 'final'; state: FinalState }
  | { step: 'tracking'; done: boolean }
  | { step: 'pay'; rail: 'evm' | 'tron' };

const FINAL: readonly string[] = ['completed', 'expired', 'invalidated', 'compliance_failed'] satisfies FinalState[];
const isFinal = (status: string): status is FinalState => FINAL.includes(status);

export interface PageRead {
  record: PaymentRecord | undefined;
  /** The failure of the last read when there is no record. */
  error: Error | null;
  pending: boolean;
  /** The hash (or Tron id) of the payment this page submitted, once it did. */
  submitted: string | undefined;
}

export function pageStepOf({ record, error, pending, submitted }: PageRead): PageStep {
  if (!record) {
    if (pending) return { step: 'loading' };
    // 401: the link's Client ID is unknown or revoked; the payer is told the link is not valid, as for an unknown token.
    if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return { step: 'not_found' };
    return { step: 'load_failed', reason: error?.message.replace(/\.$/, '') ?? '' };
  }
  // The payer who just paid sees the summary and "Payment complete"; anyone else a completed link's screen.
  if (submitted && record.status === 'completed') return { step: 'tracking', done: true };
  if (isFinal(record.status)) return { step: 'final', state: record.status };
  if (submitted) return { step: 'tracking', done: false };
  return { step: 'pay', rail: record.paymentType === 'single' && record.network === 'tron' ? 'tron' : 'evm' };
}

/** While a submitted payment settles, the record is read every second (so "Payment complete" shows within 2 s of settlement). */
export const TRACKING_POLL_MS = 1000;
/** Otherwise now and then, so a payment completed, expired or cancelled elsewhere shows here. */
export const IDLE_POLL_MS = 15000;

/** How often the record is read again. */
export const pollIntervalOf = (submitted: string | undefined): number => (submitted ? TRACKING_POLL_MS : IDLE_POLL_MS);
