import { createHash } from 'node:crypto';
import type { OfframpProvider, OpenedOfframp, OpenOfframp, RegisteredPaymentDetails, RegisterPaymentDetails } from '@payrail/domain';
import { dataSlice, getAddress, id } from 'ethers';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The local sandbox off-ramp provider (OFFRAMP_PROVIDER=sandbox; refused in production). It keeps
 * no state of its own: its answers are derived from the idempotency keys, so a repeated call
 * answers the same, as a real provider's would. Payment details start `pending`; the off-ramp's
 * deposit address is an address no one holds the key of (the sandbox never pays fiat, so the
 * tokens stay there). Decisions and sub-statuses are driven over HTTP through the sandbox routes
 * (/sandbox/offramp/..., offramp-sandbox.controller.ts), which report them as a provider's webhook would.
 */
export class SandboxOfframpProvider implements OfframpProvider {
  readonly name = 'sandbox';

  registerPaymentDetails(input: RegisterPaymentDetails): Promise<RegisteredPaymentDetails> {
    return Promise.resolve({ providerRef: `pd_${digest(`sandbox-details:${input.paymentDetailsId}`).slice(0, 24)}`, status: 'pending' });
  }

  openOfframp(input: OpenOfframp): Promise<OpenedOfframp> {
    const offrampId = `offramp_${digest(`sandbox-offramp:${input.requestId}`).slice(0, 24)}`;
    return Promise.resolve({ offrampId, depositAddress: getAddress(dataSlice(id(`payrail-sandbox-offramp-deposit:${offrampId}`), 12)) });
  }
}
