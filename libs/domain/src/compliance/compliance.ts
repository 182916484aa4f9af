/**
 * Payer compliance statuses (issue: Payer compliance). The spec shows only `completed`; the
 * stored values follow Request Network's compliance results (kycStatus not_started, pending,
 * approved, rejected, retry_required; agreementStatus not_started, pending, completed,
 * rejected). The payer record and compliance.updated both show an approved KYC as `completed`.
 */
export const KYC_STATUSES = ['not_started', 'pending', 'approved', 'rejected', 'retry_required'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const AGREEMENT_STATUSES = ['not_started', 'pending', 'completed', 'rejected'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

export interface ComplianceState {
  kycStatus: KycStatus;
  agreementStatus: AgreementStatus;
}

export const isCompliant = (s: ComplianceState): boolean => s.kycStatus === 'approved' && s.agreementStatus === 'completed';

/** How the payer record (GET /v2/payer) shows a KYC status. */
export const kycStatusForRecord = (status: KycStatus): string => (status === 'approved' ? 'completed' : status);

/** Which KYC transitions a provider result may cause (a decided KYC is not reopened by a late page visit). */
export function nextKycStatus(current: KycStatus, result: KycStatus): KycStatus | undefined {
  if (current === result) return undefined;
  if (result === 'pending') return current === 'not_started' || current === 'retry_required' ? 'pending' : undefined;
  return result;
}

export function nextAgreementStatus(current: AgreementStatus, result: AgreementStatus): AgreementStatus | undefined {
  if (current === result) return undefined;
  if (result === 'pending') return current === 'not_started' ? 'pending' : undefined;
  return result;
}
