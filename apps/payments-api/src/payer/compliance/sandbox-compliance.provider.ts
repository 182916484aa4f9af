import { randomBytes } from 'node:crypto';
import type { ComplianceProvider, ProviderSessions } from './compliance-provider.js';

/**
 * The local sandbox provider: hosted KYC and agreement pages served by payments-api under
 * `/sandbox/compliance/...`, completed by a person in a browser (buttons) or by a test (POST).
 * Nothing is checked; the outcome is whatever the page submits.
 */
export class SandboxComplianceProvider implements ComplianceProvider {
  readonly name = 'sandbox';

  constructor(private readonly publicUrl: string) {}

  openSessions(): ProviderSessions {
    return { kycSession: randomBytes(24).toString('base64url'), agreementSession: randomBytes(24).toString('base64url') };
  }

  kycUrl(session: string): string {
    return `${this.publicUrl.replace(/\/$/, '')}/sandbox/compliance/kyc/${session}`;
  }

  agreementUrl(session: string): string {
    return `${this.publicUrl.replace(/\/$/, '')}/sandbox/compliance/agreement/${session}`;
  }
}
