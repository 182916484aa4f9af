import { In, type EntityManager } from 'typeorm';
import { sqlExecute } from '../sql/typed-query.js';
import { OfframpEntity } from './offramp.entity.js';
import { PaymentDetailsEntity } from './payment-details.entity.js';

const locked = (lock: boolean) => (lock ? { lock: { mode: 'pessimistic_write' as const } } : {});

/** Payment details: read by their platform and payer, or by the provider's reference (provider updates). */
export class PaymentDetailsRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The payer's details, oldest first; one of them when `id` is given (none when it is another payer's). */
  ofPayer(platformId: string, payerId: string, id?: string): Promise<PaymentDetailsEntity[]> {
    return this.manager.find(PaymentDetailsEntity, {
      where: { platformId, payerId, ...(id !== undefined ? { id } : {}) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  byProviderRef(provider: string, providerRef: string, lock = false): Promise<PaymentDetailsEntity | null> {
    return this.manager.findOne(PaymentDetailsEntity, { where: { provider, providerRef }, ...locked(lock) });
  }

  byId(platformId: string, id: string): Promise<PaymentDetailsEntity | null> {
    return this.manager.findOne(PaymentDetailsEntity, { where: { platformId, id } });
  }

  save(details: PaymentDetailsEntity): Promise<PaymentDetailsEntity> {
    return this.manager.save(PaymentDetailsEntity, details);
  }
}

/** Off-ramps: by their request (owner checked by the caller's request read) or by the provider's id. */
export class OfframpsRepository {
  constructor(private readonly manager: EntityManager) {}

  byRequest(platformId: string, requestId: string, lock = false): Promise<OfframpEntity | null> {
    return this.manager.findOne(OfframpEntity, { where: { platformId, requestId }, ...locked(lock) });
  }

  byOfframpId(provider: string, offrampId: string, lock = false): Promise<OfframpEntity | null> {
    return this.manager.findOne(OfframpEntity, { where: { provider, offrampId }, ...locked(lock) });
  }

  /** Off-ramps of these requests, keyed by request id (settlement). */
  async ofRequests(requestIds: string[]): Promise<Map<string, OfframpEntity>> {
    if (requestIds.length === 0) return new Map();
    const rows = await this.manager.find(OfframpEntity, { where: { requestId: In(requestIds) } });
    return new Map(rows.map((o) => [o.requestId, o]));
  }

  save(offramp: OfframpEntity): Promise<OfframpEntity> {
    return this.manager.save(OfframpEntity, offramp);
  }

  /** Inserts the request's off-ramp unless one exists (a concurrent first call won); read it back with byRequest. */
  async insertIfAbsent(
    o: Pick<OfframpEntity, 'id' | 'platformId' | 'requestId' | 'paymentDetailsId' | 'provider' | 'offrampId' | 'depositAddress'>,
  ) {
    await sqlExecute(
      this.manager,
      `INSERT INTO offramps (id, platform_id, request_id, payment_details_id, provider, offramp_id, deposit_address, state)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'awaiting_deposit') ON CONFLICT (request_id) DO NOTHING`,
      [o.id, o.platformId, o.requestId, o.paymentDetailsId, o.provider, o.offrampId, o.depositAddress],
    );
  }
}
