import { isCompliant, kycStatusForRecord } from '@payrail/domain';
import type { PayerEntity } from '@payrail/persistence';
import type { ComplianceProvider } from './compliance/compliance-provider.js';

/** The spec's payer compliance record. */
export const payerStatusView = (p: PayerEntity) => ({
  kycStatus: kycStatusForRecord(p.kycStatus),
  agreementStatus: p.agreementStatus,
  isCompliant: isCompliant(p),
  userId: p.id,
});

/** Request Network's POST /v2/payer answer. */
export const registeredPayerView = (p: PayerEntity, provider: ComplianceProvider) => ({
  agreementUrl: provider.agreementUrl(p.agreementSession),
  kycUrl: provider.kycUrl(p.kycSession),
  status: { kycStatus: kycStatusForRecord(p.kycStatus), agreementStatus: p.agreementStatus },
  userId: p.id,
});
