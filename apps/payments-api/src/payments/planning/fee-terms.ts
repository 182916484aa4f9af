import { isZeroPercentage } from '@payrail/domain';
import type { Caller } from '@payrail/platform';
import type { FeeTerms } from './planned-payment.js';

/**
 * The fee a payout pays. A Client ID's own fee (set by its platform) overrides the body's, as
 * Request Network's Client IDs do; a Client ID fee of "0" (or none) lets the body's fee apply.
 */
export function feeTermsFor(caller: Caller, body: { feePercentage?: string; feeAddress?: string }): FeeTerms {
  if (caller.kind === 'client-id' && caller.feePercentage !== null && !isZeroPercentage(caller.feePercentage)) {
    return { percentage: caller.feePercentage, address: caller.feeAddress };
  }
  return { percentage: body.feePercentage ?? null, address: body.feeAddress ?? null };
}
