import { type KytResult, sandboxKytDecision } from '@payrail/domain';

/** Screens a payer wallet; a provider failure is a result (`error`), not a throw. */
export interface KytProvider {
  screen(wallet: string): Promise<KytResult>;
}

export const KYT_PROVIDER = Symbol('KYT_PROVIDER');

/** The local sandbox: deterministic by address (see sandboxKytDecision), no I/O. */
export class SandboxKytProvider implements KytProvider {
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
