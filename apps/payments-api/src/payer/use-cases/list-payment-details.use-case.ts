import { Inject, Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { PayerEntity, PayersRepository, PaymentDetailsRepository, type PaymentDetailsEntity } from '@payrail/persistence';
import type { FieldCipher } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { PAYMENT_DETAILS_CIPHER } from '../../payments/offramp/offramp.tokens.js';
import type { PaymentDetailRecordDto } from '../dto/payment-details.dto.js';
import { payerNotFound } from './get-payer-status.use-case.js';

/** A stored payment detail as reads show it: account numbers masked, the rest of the identity not at all. */
export function paymentDetailView(row: PaymentDetailsEntity, cipher: FieldCipher): PaymentDetailRecordDto {
  const { accountName } = JSON.parse(cipher.decrypt(row.detailsEncrypted, row.id)) as { accountName: string };
  return {
    id: row.id,
    userId: row.payerId,
    bankName: row.bankName,
    accountName,
    beneficiaryType: row.beneficiaryType,
    currency: row.currency,
    status: row.status,
    rails: row.rails,
    ...row.masked,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /v2/payer/{clientUserId}/payment-details[?paymentDetailsId=]: the payer's details, for its own platform only. */
@Injectable()
export class ListPaymentDetails {
  constructor(
    private readonly db: DataSource,
    @Inject(PAYMENT_DETAILS_CIPHER) private readonly cipher: FieldCipher,
  ) {}

  async execute(command: { platformId: string; clientUserId: string; paymentDetailsId?: string }) {
    const payer = await new PayersRepository(this.db.manager).byClientUserId(command.platformId, command.clientUserId);
    if (!payer) throw payerNotFound(command.clientUserId);
    const rows = await new PaymentDetailsRepository(this.db.manager).ofPayer(command.platformId, payer.id, command.paymentDetailsId);
    return { paymentDetails: rows.map((r) => paymentDetailView(r, this.cipher)) };
  }

  /** GET /v2/payers/{userId}/payment-details: the same, by the payer's id (the dashboard's payers list knows that one). */
  async byPayerId(command: { platformId: string; payerId: string }) {
    const payer = await this.db.manager.findOne(PayerEntity, { where: { id: command.payerId, platformId: command.platformId } });
    if (!payer) throw new PayrailError('NOT_FOUND', 'Payer not found');
    const rows = await new PaymentDetailsRepository(this.db.manager).ofPayer(command.platformId, payer.id);
    return { paymentDetails: rows.map((r) => paymentDetailView(r, this.cipher)) };
  }
}
