import type { EntityManager } from 'typeorm';
import { sqlExecute } from '../sql/typed-query.js';
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

  /**
   * Inserts a new payer, or answers the one a concurrent first registration of the same
   * (platform, clientUserId) committed meanwhile (read locked): the insert runs under a savepoint,
   * so losing on the unique key leaves the caller's transaction usable.
   */
  async insertOrRaced(payer: PayerEntity): Promise<PayerEntity> {
    await sqlExecute(this.manager, 'SAVEPOINT register_payer');
    try {
      return await this.save(payer);
    } catch (error) {
      await sqlExecute(this.manager, 'ROLLBACK TO SAVEPOINT register_payer');
      const raced = await this.byClientUserId(payer.platformId, payer.clientUserId, true);
      if (!raced) throw error;
      return raced;
    }
  }
}
