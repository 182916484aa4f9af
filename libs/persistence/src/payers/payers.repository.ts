import type { EntityManager } from 'typeorm';
import { PayerEntity } from './payer.entity.js';

/** Payers are read by their platform only. */
export class PayersRepository {
  constructor(private readonly manager: EntityManager) {}

  byClientUserId(platformId: string, clientUserId: string, lock = false): Promise<PayerEntity | null> {
    return this.manager.findOne(PayerEntity, {
      where: { platformId, clientUserId },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  /** For the provider's hosted pages and callbacks, which know only their session reference. */
  byProviderSession(kind: 'kyc' | 'agreement', session: string, lock = false): Promise<PayerEntity | null> {
    const where = kind === 'kyc' ? { kycSession: session } : { agreementSession: session };
    return this.manager.findOne(PayerEntity, { where, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
  }

  save(payer: PayerEntity): Promise<PayerEntity> {
    return this.manager.save(PayerEntity, payer);
  }
}
