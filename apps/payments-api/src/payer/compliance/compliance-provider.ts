import type { AgreementStatus, KycStatus } from '@payrail/domain';

/** Where a payer completes KYC and the agreement: opaque session references and their hosted pages. */
export interface ProviderSessions {
  kycSession: string;
  agreementSession: string;
}

/**
 * A KYC and agreement provider. Results arrive through `ApplyComplianceResult` (the sandbox's
 * hosted pages call it; a real provider's webhook handler would).
 */
export interface ComplianceProvider {
  readonly name: string;
  openSessions(payerId: string): ProviderSessions;
  kycUrl(session: string): string;
  agreementUrl(session: string): string;
}

export const COMPLIANCE_PROVIDER = Symbol('COMPLIANCE_PROVIDER');

/** A provider's verdict on one session, with its raw payload (forwarded in compliance.updated). */
export type ComplianceResult =
  | { kind: 'kyc'; session: string; status: KycStatus; rawPayload: Record<string, unknown> }
  | { kind: 'agreement'; session: string; status: AgreementStatus; rawPayload: Record<string, unknown> };
