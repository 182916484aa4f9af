import { canonicalPayerWallet } from './access.js';

/** A screening's outcome: definitive (approved / rejected) or a provider error (never emitted). */
export type KytResult =
  { status: 'approved' | 'rejected'; provider: string; policyId: string | null } | { status: 'error'; provider: string; reason: string };

const SANDBOX_KYT_PROVIDER = 'payrail-sandbox';

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

/** Screens a payer wallet; a provider failure is a result (`error`), not a throw. */
export interface KytProvider {
  screen(wallet: string): Promise<KytResult>;
}

/** The local sandbox: deterministic by address (see sandboxKytDecision), no I/O. */
class SandboxKytProvider implements KytProvider {
  screen(wallet: string): Promise<KytResult> {
    return Promise.resolve(sandboxKytDecision(wallet));
  }
}

/** No provider configured (production until a real one is wired): every screening is a provider error, so nothing is approved. */
export class UnavailableKytProvider implements KytProvider {
  screen(): Promise<KytResult> {
    return Promise.resolve({ status: 'error', provider: 'none', reason: 'no KYT provider is configured' });
  }
}

/** The provider of an environment: the deterministic sandbox outside production; production has none yet. */
export function kytProviderFor(payrailEnv: string): KytProvider {
  return payrailEnv === 'production' ? new UnavailableKytProvider() : new SandboxKytProvider();
}
