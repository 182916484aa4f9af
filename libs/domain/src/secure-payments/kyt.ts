import { canonicalPayerWallet } from './access.js';

/** A screening's outcome: definitive (approved / rejected) or a provider error (never emitted). */
export type KytResult =
  { status: 'approved' | 'rejected'; provider: string; policyId: string | null } | { status: 'error'; provider: string; reason: string };

export const SANDBOX_KYT_PROVIDER = 'payrail-sandbox';

/**
 * The local sandbox's decision, deterministic by address (canonical form: EVM lowercased):
 * an address ending in `dead` is rejected, one ending in `e770` makes the provider fail, every
 * other address is approved. For local and staging only.
 */
export function sandboxKytDecision(address: string): KytResult {
  const wallet = canonicalPayerWallet(address);
  if (wallet.endsWith('dead')) return { status: 'rejected', provider: SANDBOX_KYT_PROVIDER, policyId: null };
  if (wallet.endsWith('e770')) return { status: 'error', provider: SANDBOX_KYT_PROVIDER, reason: 'sandbox provider error' };
  return { status: 'approved', provider: SANDBOX_KYT_PROVIDER, policyId: null };
}
