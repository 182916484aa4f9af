import {
  isCompliant,
  kycStatusForRecord,
  nextAgreementStatus,
  nextKycStatus,
  webhookEvent,
  type AgreementStatus,
  type KycStatus,
} from '@payrail/domain';
import { appendToOutbox, PayersRepository, type PayerEntity } from '@payrail/persistence';
import type { EntityManager } from 'typeorm';

/**
 * Applies a KYC and/or agreement result to a locked payer row and, when a status really
 * changes, writes the change and its `compliance.updated` event in the caller's transaction.
 * The event shows the statuses as the payer record does (an approved KYC is `completed`).
 * Returns whether anything changed.
 */
export async function applyComplianceChange(
  manager: EntityManager,
  payer: PayerEntity,
  change: { kycStatus?: KycStatus; agreementStatus?: AgreementStatus },
  rawPayload: Record<string, unknown>,
  now: Date,
): Promise<boolean> {
  const kyc = change.kycStatus ? nextKycStatus(payer.kycStatus, change.kycStatus) : undefined;
  const agreement = change.agreementStatus ? nextAgreementStatus(payer.agreementStatus, change.agreementStatus) : undefined;
  if (!kyc && !agreement) return false;
  payer.kycStatus = kyc ?? payer.kycStatus;
  payer.agreementStatus = agreement ?? payer.agreementStatus;
  await new PayersRepository(manager).save(payer);
  const event = webhookEvent(
    'compliance.updated',
    { aggregateType: 'payer', aggregateId: payer.id },
    {
      clientUserId: payer.clientUserId,
      kycStatus: kycStatusForRecord(payer.kycStatus),
      agreementStatus: payer.agreementStatus,
      isCompliant: isCompliant(payer),
      timestamp: now.toISOString(),
      rawPayload,
    },
    { platformId: payer.platformId },
  );
  await appendToOutbox(manager, [event]);
  return true;
}
