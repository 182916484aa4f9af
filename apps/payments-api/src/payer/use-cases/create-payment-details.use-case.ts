import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_NUMBER_FIELDS, maskedAccountNumbers, type BankAccount, type OfframpProvider } from '@payrail/domain';
import { PayersRepository, PaymentDetailsEntity, PaymentDetailsRepository } from '@payrail/persistence';
import type { FieldCipher } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { OFFRAMP_PROVIDER, PAYMENT_DETAILS_CIPHER } from '../../payments/offramp/offramp.tokens.js';
import type { CreatePaymentDetailsDto, CreatedPaymentDetailDto } from '../dto/payment-details.dto.js';
import { payerNotFound } from './get-payer-status.use-case.js';

/**
 * POST /v2/payer/{clientUserId}/payment-details: stores the payee's bank account for this payer
 * (everything but the bank name, currency, beneficiary type and rails only as AES-256-GCM
 * ciphertext bound to the row, account numbers also kept masked for reads) and registers it with
 * the off-ramp provider, idempotently on its id. The details start as the provider answers
 * (`pending`); its decision comes later as payment_detail.updated.
 */
@Injectable()
export class CreatePaymentDetails {
  constructor(
    private readonly db: DataSource,
    @Inject(OFFRAMP_PROVIDER) private readonly provider: OfframpProvider,
    @Inject(PAYMENT_DETAILS_CIPHER) private readonly cipher: FieldCipher,
  ) {}

  async execute(command: {
    platformId: string;
    clientUserId: string;
    details: CreatePaymentDetailsDto;
  }): Promise<{ payment_detail: CreatedPaymentDetailDto }> {
    const payer = await new PayersRepository(this.db.manager).byClientUserId(command.platformId, command.clientUserId);
    if (!payer) throw payerNotFound(command.clientUserId);
    const account = { ...definedOf(command.details), rails: command.details.rails ?? 'local' } as BankAccount;
    const id = randomUUID();
    // The provider first: a provider refusal stores nothing; a retry after a lost answer is a new id (a new registration).
    const registered = await this.provider.registerPaymentDetails({ paymentDetailsId: id, payerId: payer.id, account });
    const { bankName, currency, beneficiaryType, rails } = account;
    const row = Object.assign(new PaymentDetailsEntity(), {
      id,
      platformId: command.platformId,
      payerId: payer.id,
      bankName,
      currency,
      beneficiaryType,
      rails,
      detailsEncrypted: this.cipher.encrypt(JSON.stringify(account), id),
      masked: maskedAccountNumbers(pick(account)),
      status: registered.status,
      provider: this.provider.name,
      providerRef: registered.providerRef,
    });
    await new PaymentDetailsRepository(this.db.manager).save(row);
    return {
      payment_detail: { id, clientUserId: command.clientUserId, bankName, accountName: account.accountName, currency, beneficiaryType },
    };
  }
}

const definedOf = (dto: CreatePaymentDetailsDto): Record<string, string> =>
  Object.fromEntries(Object.entries(dto).filter(([, v]) => typeof v === 'string'));

const pick = (account: BankAccount) => Object.fromEntries(ACCOUNT_NUMBER_FIELDS.flatMap((f) => (account[f] ? [[f, account[f]]] : [])));
